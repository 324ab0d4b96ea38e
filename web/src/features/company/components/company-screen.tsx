import { Link } from "react-router";
import { LogoUploader } from "./logo-uploader";
import { Card, Spinner } from "@/components/ui/panel";
import { useCompanyInfo } from "../api/get-company-info";

/** Company overview: who we are on record, the logo on tickets and reports, links to the rest. */
export default function CompanyScreen() {
  const info = useCompanyInfo();
  return (
    <div className="stack">
      <div className="page-title"><h1>Company</h1></div>
      <Card title="Company details">
        {info.isLoading ? <Spinner /> : info.data ? (
          <dl className="detail-grid">
            <div><dt>Name</dt><dd>{info.data.name}</dd></div>
            <div><dt>Industry</dt><dd>{info.data.industry}</dd></div>
            <div><dt>Plan</dt><dd>{info.data.subscription_plan.toUpperCase()} · {info.data.subscription_status}</dd></div>
            <div><dt>Phone</dt><dd>{info.data.phone ?? "—"}</dd></div>
            <div><dt>Billing email</dt><dd>{info.data.billing_email ?? "—"}</dd></div>
          </dl>
        ) : <p className="muted">Company details could not be loaded.</p>}
      </Card>
      <Card title="Logo"><LogoUploader /></Card>
      <Card title="Manage">
        <div className="row">
          <Link className="btn btn-secondary btn-md" to="/app/locations">Locations</Link>
          <Link className="btn btn-secondary btn-md" to="/app/users">Users</Link>
          <Link className="btn btn-secondary btn-md" to="/app/regions">Regions</Link>
          <Link className="btn btn-secondary btn-md" to="/app/subscription">Billing</Link>
        </div>
      </Card>
    </div>
  );
}
