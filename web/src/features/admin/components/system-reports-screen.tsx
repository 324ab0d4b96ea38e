import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { BusyButton } from "@/components/busy/busy-button";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatDateTime } from "@/lib/format";
import { downloadSystemReport, useSystemReports } from "../api/platform-billing";

/** System Reports and Analytics (spec 3 s2.24): live health figures and downloadable reports. */
export default function SystemReportsScreen() {
  const reports = useSystemReports();
  const r = reports.data;
  if (reports.isLoading) return <Spinner />;
  if (!r) return <p className="field-error" role="alert">{reports.error?.message ?? "Reports could not be loaded."}</p>;
  const h = r.health;
  return (
    <div className="stack">
      <div className="page-title"><h1>System Reports</h1></div>
      <div className="stats">
        <StatCard label="Warehouse freshness" value={h.warehouse_age_minutes === null ? "Never refreshed" : `${h.warehouse_age_minutes} min`} hint={h.warehouse_refreshed_at ? formatDateTime(h.warehouse_refreshed_at) : undefined} />
        <StatCard label="Offline tickets synced (24 h)" value={h.offline_tickets_synced_24h} hint="Recorded more than 10 minutes after weighing" />
        <StatCard label="Failed report mails (24 h)" value={h.failed_report_mails_24h} />
        <StatCard label="Failed payments (24 h)" value={h.failed_payments_24h} hint={`${h.unread_alerts} unread customer alerts`} />
      </div>
      <Card title="Tickets per day (all customers, last 14 days)">
        {h.tickets_per_day.length === 0 ? <EmptyState title="No tickets in the warehouse for the last 14 days" /> : (
          <div style={{ width: "100%", height: 240 }}>
            <ResponsiveContainer>
              <BarChart data={h.tickets_per_day}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="tickets" name="Tickets" fill="#16a34a" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </Card>
      <Card title="Reports">
        <ul className="alert-list">
          {r.reports.map((rep) => (
            <li key={rep.id}>
              <span>{rep.title}</span>
              <span className="row">
                {rep.formats.map((f) => (
                  <BusyButton key={f} size="sm" failure="The report could not be downloaded."
                    action={(onProgress) => downloadSystemReport(rep.id, f as "csv" | "xlsx", onProgress)}>
                    Download {f.toUpperCase()}
                  </BusyButton>
                ))}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
