import { formatDate } from "@/lib/format";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { notify } from "@/lib/notify";
import { pagerOf, usePageState, useSearchFilter } from "@/lib/page-state";
import { useCompanies } from "../api/get-companies";
import { useSetCompanyStatus, type TenantCompany } from "../api/set-company-status";
import { EditCompanyDialog } from "./edit-company-dialog";
import { formatUsdWhole as usd } from "@/lib/format";
import { StatusBadge } from "./tenant-columns";

const col = createColumnHelper<TenantCompany>();

function CompanyDetail({ company, onBack }: { company: TenantCompany; onBack: () => void }) {
  const setStatus = useSetCompanyStatus();
  const [editing, setEditing] = useState(false);
  const suspended = company.subscription_status === "suspended";
  const change = () => {
    const next = suspended ? "active" : "suspended";
    const question = suspended ? `Reactivate ${company.name}? Its users can sign in again.` : `Suspend ${company.name}? Its users will be signed out and blocked.`;
    if (!window.confirm(question)) return;
    setStatus.mutate(
      { id: company.id, status: next },
      {
        onSuccess: (c) => {
          notify({ kind: "success", message: `${c.name} is now ${c.subscription_status}.` });
          onBack();
        },
        onError: (err) => notify({ kind: "error", message: err.message }),
      },
    );
  };
  return (
    <Card title={company.name} actions={<Button variant="secondary" size="sm" onClick={onBack}>← Back to list</Button>}>
      <dl className="detail-grid">
        <div><dt>Email</dt><dd>{company.email ?? "—"}</dd></div>
        <div><dt>Industry</dt><dd>{company.industry ?? "—"}</dd></div>
        <div><dt>Phone</dt><dd>{company.phone ?? "—"}</dd></div>
        <div><dt>Address</dt><dd>{[company.address?.street, company.address?.city, [company.address?.state, company.address?.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ") || "—"}</dd></div>
        <div><dt>Plan</dt><dd>{company.subscription_plan.toUpperCase()}</dd></div>
        <div><dt>Status</dt><dd><StatusBadge status={company.subscription_status} /></dd></div>
        <div><dt>Facilities</dt><dd>{company.store_count} / {company.max_facilities ?? "∞"}</dd></div>
        <div><dt>Monthly revenue</dt><dd>{usd(company.monthly_revenue)}</dd></div>
        <div><dt>Payment failures</dt><dd>{company.payment_failure_count}</dd></div>
        <div><dt>Last payment</dt><dd>{company.last_payment_failed ? "Failed" : "OK"}</dd></div>
        <div><dt>Trial days remaining</dt><dd>{company.subscription_status === "trial" ? company.trial_days_remaining ?? "—" : "N/A"}</dd></div>
        <div><dt>Approval</dt><dd>{company.approval_status}</dd></div>
        <div><dt>Created</dt><dd>{formatDate(company.created_at)}</dd></div>
      </dl>
      <div className="row">
        <Button variant="secondary" onClick={() => setEditing(true)}>Edit Company</Button>
        <Button variant={suspended ? "primary" : "danger"} busy={setStatus.isPending} onClick={change}>{suspended ? "Reactivate" : "Suspend"}</Button>
      </div>
      {editing && <EditCompanyDialog company={company} onClose={() => setEditing(false)} />}
    </Card>
  );
}

const STATUSES = ["trial", "active", "past_due", "suspended", "canceled"] as const;

export default function SystemCustomersScreen() {
  const page = usePageState(["search", "status"]);
  const { search, typed, setTyped } = useSearchFilter(page);
  const status = page.filters.status ?? "";
  const companies = useCompanies({ limit: page.size, offset: page.offset, search, status });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { update } = page;
  const columns = useMemo(
    () => [
      col.accessor("name", { header: "Company" }),
      col.accessor("subscription_plan", { header: "Plan", cell: (c) => c.getValue().toUpperCase() }),
      col.accessor("subscription_status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} /> }),
      col.accessor("store_count", { header: "Facilities" }),
      col.accessor("monthly_revenue", { header: "Monthly Revenue", cell: (c) => usd(c.getValue()) }),
      col.display({ id: "view", header: "", cell: (c) => <Button size="sm" variant="secondary" onClick={() => setSelectedId(c.row.original.id)}>View</Button> }),
    ],
    [],
  );
  const rows = companies.data?.companies ?? [];
  const total = companies.data?.total ?? 0;
  const selected = rows.find((c) => c.id === selectedId);
  return (
    <div>
      <div className="page-title"><h1>System Customers</h1></div>
      {companies.isLoading ? <Spinner /> : selected ? (
        <CompanyDetail company={selected} onBack={() => setSelectedId(null)} />
      ) : (
        <>
          <div className="row">
            <TextField label="Search companies" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Name or email" />
            <SelectField label="Status" value={status} onChange={(e) => update({ filters: { status: e.target.value } })}>
              <option value="">All statuses</option>
              {STATUSES.map((s) => <option key={s} value={s}>{s.replace("_", " ")}</option>)}
            </SelectField>
          </div>
          <DataTable data={rows} columns={columns} empty={search || status ? "No companies match these filters." : "No tenant companies yet."}
            getRowId={(r) => r.id} caption={`${total} companies`}
            pager={pagerOf(page, total, "companies", companies.isFetching)} />
        </>
      )}
    </div>
  );
}
