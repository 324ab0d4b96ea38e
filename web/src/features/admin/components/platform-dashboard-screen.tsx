import { formatDateTime } from "@/lib/format";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { useAccountStats } from "../api/get-account-stats";
import { Pager } from "@/components/pager/pager";
import { ALERTS_PAGE, useAlerts } from "../api/get-alerts";
import { useTenants } from "../api/get-tenants";
import { useMarkAlertRead } from "../api/mark-alert-read";
import { ApprovalsPanel } from "./approvals-panel";
import { tenantColumns, usd } from "./tenant-columns";
import { PlatformSettingsPanel } from "./platform-settings-panel";

type Tab = "dashboard" | "approvals" | "settings";

function Overview() {
  const customers = useTenants();
  const [alertsFrom, setAlertsFrom] = useState(0);
  const alerts = useAlerts(alertsFrom);
  const markRead = useMarkAlertRead();
  const rows = customers.data?.customers ?? [];
  const revenue = rows.reduce((sum, c) => sum + c.monthly_revenue, 0);
  return (
    <div className="stack">
      <div className="stats">
        <StatCard label="Total Customers" value={customers.isLoading ? "…" : rows.length} />
        <StatCard label="Active Subs" value={customers.isLoading ? "…" : rows.filter((c) => c.subscription_status === "active").length} />
        <StatCard label="Trial Customers" value={customers.isLoading ? "…" : rows.filter((c) => c.subscription_status === "trial").length} />
        <StatCard label="Monthly Revenue" value={customers.isLoading ? "…" : usd.format(revenue)} />
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
        {customers.isLoading ? <Spinner /> : <DataTable data={rows} columns={tenantColumns} empty="No customers yet." getRowId={(r) => r.id} />}
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
