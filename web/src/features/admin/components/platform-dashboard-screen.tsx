import { formatDateTime } from "@/lib/format";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { SelectField, TextField } from "@/components/ui/input";
import { pagerOf, usePageState, useSearchFilter } from "@/lib/page-state";
import { useAccountStats } from "../api/get-account-stats";
import { Pager } from "@/components/pager/pager";
import { ALERTS_PAGE, useAlerts } from "../api/get-alerts";
import { TENANT_SORTS, useTenants, type TenantSort } from "../api/get-tenants";
import { useMarkAlertRead } from "../api/mark-alert-read";
import { ApprovalsPanel } from "./approvals-panel";
import { formatUsdWhole as usd } from "@/lib/format";
import { tenantColumns } from "./tenant-columns";
import { PlatformSettingsPanel } from "./platform-settings-panel";

type Tab = "dashboard" | "approvals" | "settings";

const STATUSES = ["trial", "active", "past_due", "suspended", "canceled"] as const;

/** The cards (every approved tenant), Customer Alerts, and Customer Management: one page of the
 * tenants, its position, sort and filters in the URL (back and reload return to it). */
function Overview() {
  const list = usePageState(["search", "status"], { sort: "name", order: "asc" });
  const { search, typed, setTyped } = useSearchFilter(list);
  const status = list.filters.status ?? "";
  const sort: TenantSort = (TENANT_SORTS as readonly string[]).includes(list.sort ?? "") ? (list.sort as TenantSort) : "name";
  const customers = useTenants({ limit: list.size, offset: list.offset, search, status, sort, order: list.order });
  const summary = customers.data?.summary;
  const [alertsFrom, setAlertsFrom] = useState(0);
  const alerts = useAlerts(alertsFrom);
  const markRead = useMarkAlertRead();
  return (
    <div className="stack">
      <div className="stats">
        <StatCard label="Total Customers" value={summary ? summary.customers : "…"} />
        <StatCard label="Active Subs" value={summary ? summary.active : "…"} />
        <StatCard label="Trial Customers" value={summary ? summary.trial : "…"} />
        <StatCard label="Monthly Revenue" value={summary ? usd(summary.monthly_revenue) : "…"} />
      </div>
      <Card title="Customer Alerts">
        {alerts.isLoading ? <Spinner /> : (alerts.data?.alerts.length ?? 0) === 0 ? (
          <EmptyState title="No alerts" />
        ) : (
          <ul className="alert-list">
            {alerts.data!.alerts.map((a) => (
              <li key={a.id} className={a.is_read ? "read" : ""}>
                <span><strong>{a.alert_type.replace(/_/g, " ")}</strong> — {a.message} <span className="small muted">{formatDateTime(a.created_at)}</span></span>
                {!a.is_read && <Button size="sm" variant="secondary" onClick={() => markRead.mutate(a.id)}>Mark read</Button>}
              </li>
            ))}
          </ul>
        )}
        {(alerts.data?.total ?? 0) > ALERTS_PAGE && (
          <Pager offset={alertsFrom} size={ALERTS_PAGE} total={alerts.data!.total} noun="customer alerts" busy={alerts.isFetching}
            onPage={(p) => setAlertsFrom((p - 1) * ALERTS_PAGE)} />
        )}
      </Card>
      <Card title="Customer Management">
        <div className="row">
          <TextField label="Search customers" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Name or email" />
          <SelectField label="Status" value={status} onChange={(e) => list.update({ filters: { status: e.target.value } })}>
            <option value="">All statuses</option>
            {STATUSES.map((s) => <option key={s} value={s}>{s.replace("_", " ")}</option>)}
          </SelectField>
        </div>
        {customers.isLoading ? <Spinner /> : (
          <DataTable data={customers.data?.customers ?? []} columns={tenantColumns} getRowId={(r) => r.id}
            empty={search || status ? "No customers match these filters." : "No customers yet."}
            sort={{ id: sort, order: list.order, onSort: (id, order) => list.update({ sort: id, order }) }}
            pager={pagerOf(list, customers.data?.total ?? 0, "customers", customers.isFetching)} />
        )}
      </Card>
    </div>
  );
}

export default function PlatformDashboardScreen() {
  const [tab, setTab] = useState<Tab>("dashboard");
  const stats = useAccountStats();
  const pending = stats.data?.pending ?? 0;
  return (
    <div>
      <div className="page-title"><h1>Platform Dashboard</h1></div>
      <div className="tabs" role="tablist">
        <button role="tab" aria-selected={tab === "dashboard"} onClick={() => setTab("dashboard")}>Dashboard</button>
        <button role="tab" aria-selected={tab === "approvals"} onClick={() => setTab("approvals")}>
          Account Approvals {pending > 0 && <span className="count-badge" aria-label={`${pending} pending`}>{pending}</span>}
        </button>
        <button role="tab" aria-selected={tab === "settings"} onClick={() => setTab("settings")}>System Settings</button>
      </div>
      {tab === "dashboard" && <Overview />}
      {tab === "approvals" && <ApprovalsPanel />}
      {tab === "settings" && <PlatformSettingsPanel />}
    </div>
  );
}
