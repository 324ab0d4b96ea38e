import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { ApiError } from "@/lib/api-client";
import { fieldErrors } from "@/lib/field-errors";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { useCompanyInfo, type CompanyInfo } from "../api/get-company-info";
import { useUpdateCompanyInfo } from "../api/update-company-info";
import { LogoUploader } from "./logo-uploader";

const statusTone = (s: string) => (s === "active" ? "green" : s === "trial" ? "amber" : "red");

/** Company Settings (spec 3 section 2.20): organization read-only, contact info editable, logo, account details. */
export default function CompanyScreen() {
  const info = useCompanyInfo();
  const { user } = useSession();
  return (
    <div className="stack">
      <div className="page-title"><h1>Company Settings</h1></div>
      {info.isPending ? <Spinner /> : info.error ? <Alert kind="error">Company details could not be loaded: {info.error.message}</Alert> : (
        <>
          <Card title="Organization">
            <dl className="detail-grid">
              <div><dt>Organization name</dt><dd>{info.data.name}</dd></div>
              <div><dt>Industry</dt><dd>{info.data.industry || "Food Service / Restaurant"}</dd></div>
              <div><dt>Address</dt><dd>{addressLine(info.data) || "—"}</dd></div>
            </dl>
            <p className="small muted">To change the organization name or address, contact support.</p>
          </Card>
          <ContactInfo info={info.data} />
        </>
      )}
      <Card title="Company logo">
        <LogoUploader />
        <p className="small muted">Your logo appears in reports, emails, printable documents and dashboards.</p>
      </Card>
      <Card title="Account Details">
        <dl className="detail-grid">
          <div><dt>Administrator</dt><dd>{user ? `${user.first_name} ${user.last_name}` : "—"}</dd></div>
          <div><dt>Email</dt><dd>{user?.email ?? "—"}</dd></div>
          <div><dt>Current plan</dt><dd>{(info.data?.subscription_plan ?? "core").toUpperCase()}</dd></div>
          <div><dt>Subscription status</dt><dd>{info.data && <Badge tone={statusTone(info.data.subscription_status)}>{info.data.subscription_status}</Badge>}</dd></div>
        </dl>
      </Card>
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

function addressLine(info: CompanyInfo): string {
  const a = info.address;
  return [a.street, a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** View mode, then Edit Contact Info; Save refreshes and leaves edit mode, Cancel restores the stored values. */
export function ContactInfo({ info }: { info: CompanyInfo }) {
  const update = useUpdateCompanyInfo();
  const [editing, setEditing] = useState(false);
  const stored = { billing_email: info.billing_email ?? "", phone: info.phone ?? "", billing_notification_email: info.billing_notification_email ?? "" };
  const [f, setF] = useState(stored);
  const errors = fieldErrors(update.error);
  const start = () => { setF(stored); update.reset(); setEditing(true); };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(f, {
      onSuccess: () => { notify({ kind: "success", message: "Company information updated successfully!" }); setEditing(false); },
      onError: (err) => notify({ kind: "error", message: err instanceof ApiError && err.status > 0
        ? `Error updating company info: ${err.message}` : "Error updating company information. Please try again." }),
    });
  };
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  if (!editing) {
    return (
      <Card title="Contact Info" actions={<Button size="sm" variant="secondary" onClick={start}>Edit Contact Info</Button>}>
        <dl className="detail-grid" data-testid="contact-info">
          <div><dt>Billing email</dt><dd>{info.billing_email ?? "—"}</dd></div>
          <div><dt>Phone</dt><dd>{info.phone ?? "—"}</dd></div>
          <div><dt>Billing notification email</dt><dd>{info.billing_notification_email ?? "—"}</dd></div>
        </dl>
      </Card>
    );
  }
  return (
    <Card title="Contact Info">
      <form onSubmit={submit} noValidate className="stack">
        <div className="form-grid">
          <TextField label="Billing email" type="email" value={f.billing_email} onChange={set("billing_email")} error={errors.billing_email ?? null} />
          <TextField label="Phone" type="tel" value={f.phone} onChange={set("phone")} error={errors.phone ?? null} />
          <TextField label="Billing notification email" type="email" value={f.billing_notification_email} onChange={set("billing_notification_email")}
            error={errors.billing_notification_email ?? null} hint="Optional" />
        </div>
        <div className="row">
          <Button type="submit" busy={update.isPending} busyLabel="Saving...">Save</Button>
          <Button variant="ghost" disabled={update.isPending} onClick={() => { setF(stored); setEditing(false); }}>Cancel</Button>
        </div>
      </form>
    </Card>
  );
}
