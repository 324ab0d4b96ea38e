import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { Pager } from "@/components/pager/pager";
import { DataTable } from "@/components/data-table/data-table";
import { formatDateTime, formatPercent } from "@/lib/format";
import { usePageState } from "@/lib/page-state";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import { useExportEar, type EarFormat } from "../api/export-ear";
import { LOG_PAGE, useActivityLog } from "../api/get-activity-log";
import { useComplianceDashboard, type ComplianceDashboard } from "../api/get-dashboard";
import { Button } from "@/components/ui/button";
import { BusyError } from "@/components/busy/busy-error";
import { FoodRecoveryRecords } from "./food-recovery";
import { GeneratorTiers } from "./generator-tiers";
import { ComplianceOverview } from "./compliance-overview";
import { StateLawsCard } from "./state-laws-screen";
import { CompliantBadge, MonthlyTrend, ProgressBar, RiskBadge, StatusWord, day, lb, locationColumns } from "./parts";
import "./compliance.css";

/** SB 1383 Compliance Dashboard (spec 3 s2.16): every figure from the sb1383_* marts. */
export default function ComplianceScreen() {
  useFollowWarehouse(["compliance"]);
  // The year and the activity log's page live in the URL: back and reload return to the same page
  // of the log (a new year starts it at page 1).
  const list = usePageState(["year"], { size: LOG_PAGE });
  const year = Number(list.filters.year) || undefined;
  const setYear = (y: number) => list.update({ filters: { year: String(y) } });
  const { data, isPending, error, refetch, isFetching } = useComplianceDashboard(year);
  return (
    <div>
      <div className="compliance-head">
        <h2>SB 1383 Compliance Dashboard</h2>
        {data && data.available_years.length > 0 && (
          <label>
            Year{" "}
            <select value={data.year} onChange={(e) => setYear(Number(e.target.value))}>
              {[...new Set([data.year, ...data.available_years])].sort((a, b) => b - a).map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </label>
        )}
      </div>
      <ComplianceOverview data={data} />
      {isPending ? <Spinner /> : error ? (
        // A failed fetch shows the empty state (spec 3 s8) with the reason.
        <EmptyState title="No compliance data available"><p>{error.message}</p></EmptyState>
      ) : !data.has_data ? (
        <>
          <LastRefreshed figures={data} />
          <EmptyState title="No compliance data available"><p>Create waste tickets to begin SB 1383 tracking</p></EmptyState>
          <GeneratorTiers />
        </>
      ) : (
        <Dashboard data={data} refresh={() => void refetch()} refreshing={isFetching} />
      )}
    </div>
  );
}

function Dashboard({ data, refresh, refreshing }: { data: ComplianceDashboard; refresh: () => void; refreshing: boolean }) {
  const s = data.compliance_status;
  const d = data.diversion_metrics;
  const f = data.food_recovery;
  const ear = data.ear_progress;
  const cal = data.calrecycle_integration;
  const locations = Object.entries(data.location_compliance).map(([name, l]) => ({ name, ...l }));
  const onTrack = d.current_rate >= d.target_rate;
  return (
    <>
      <LastRefreshed figures={data} />
      <div className="compliance-grid">
        <StatCard label="Organic diversion rate" value={formatPercent(s.diversion_rate)} hint={`Target ${formatPercent(s.target_rate)}`} />
        <StatCard label="Compliance status" value={<CompliantBadge ok={s.is_compliant} />} hint={<RiskBadge level={s.risk_level} />} />
        <StatCard label="Tickets analyzed" value={s.total_tickets_analyzed.toLocaleString()} hint={`${data.year}, completed outbound tickets`} />
        <StatCard label="EAR readiness" value={`${ear.completion_percentage}%`} hint={ear.current_quarter ?? "No quarter yet"} />
      </div>
      <div className="compliance-stack">
        <Card title="Waste Diversion Metrics">
          <dl className="compliance-dl">
            <dt>Organic waste</dt><dd>{lb(d.total_waste)}</dd>
            <dt>Diverted</dt><dd>{lb(d.diverted_weight)}</dd>
            <dt>Landfill</dt><dd>{lb(d.landfill_weight)}</dd>
            <dt>Organic diversion rate</dt><dd>{formatPercent(d.diversion_rate)} of {formatPercent(d.target_rate)}</dd>
            <dt>Gap to compliance</dt>
            <dd className={d.gap_to_compliance > 0 ? "text-red" : ""}>{d.gap_to_compliance > 0 ? `${d.gap_to_compliance.toFixed(1)} points (${lb(d.lb_to_target)} to divert)` : "None"}</dd>
            <dt>Current month</dt>
            <dd>{formatPercent(d.current_rate)}{d.current_month ? ` (${d.current_month.slice(0, 7)})` : ""} <Badge tone={onTrack ? "green" : "amber"}>{onTrack ? "On Track" : "Needs Improvement"}</Badge></dd>
          </dl>
          <ProgressBar value={d.diversion_rate} target={d.target_rate} label="Diversion against target" />
          <MonthlyTrend points={d.monthly_trend} target={d.target_rate} />
        </Card>
        <Card title="Food Recovery">
          <dl className="compliance-dl">
            <dt>Recovered</dt><dd>{lb(f.recovered_pounds)}</dd>
            <dt>Recovery rate</dt><dd>{formatPercent(f.recovery_rate)} of {formatPercent(f.target_rate)}</dd>
            <dt>Donation tickets</dt><dd>{f.donation_tickets}</dd>
            <dt>Gap to target</dt>
            <dd className={f.gap_to_target > 0 ? "text-red" : ""}>{f.gap_to_target > 0 ? `${f.gap_to_target.toFixed(1)} points (${lb(f.lb_to_target)})` : "None"}</dd>
          </dl>
          <ProgressBar value={f.recovery_rate} target={f.target_rate} label="Food recovery against target" />
          <p className="small muted">Pounds sent to donation and food-recovery destinations over all pounds of organic waste. SB 1383's 20% is a statewide goal for edible food; Flow uses it as a target.</p>
        </Card>
        <Card title="CalRecycle Integration">
          <dl className="compliance-dl">
            <dt>Connection</dt><dd><StatusWord value={cal.connection_status} good="connected" /></dd>
            <dt>Last sync</dt><dd>{cal.last_sync ? formatDateTime(cal.last_sync) : "Never"}</dd>
            <dt>Submission</dt><dd><StatusWord value={cal.submission_status} good="ready" /></dd>
            <dt>Next submission</dt><dd>{day(cal.next_submission_date)}</dd>
          </dl>
          <p className="small muted">Flow does not submit to CalRecycle. The Electronic Annual Report is filed by your jurisdiction through CalRecycle's system; export the report files and hand them on.</p>
        </Card>
      </div>
      <Card title="Location Compliance Status">
        <DataTable data={locations} columns={locationColumns} getRowId={(r) => r.name} empty="No locations with tickets this year." />
      </Card>
      <div className="compliance-stack">
        <Card title="Electronic Annual Report (EAR)" actions={<button type="button" className="btn btn-secondary btn-sm" onClick={refresh} disabled={refreshing}>{refreshing ? "Refreshing..." : "Refresh"}</button>}>
          <dl className="compliance-dl">
            <dt>Status</dt><dd><StatusWord value={ear.status} good="ready" /></dd>
            <dt>Completion</dt><dd>{ear.completion_percentage}%</dd>
            <dt>Quarter</dt><dd>{ear.current_quarter ?? "—"}</dd>
            <dt>Due</dt><dd>{day(ear.reporting_due_date)}</dd>
          </dl>
          <ProgressBar value={ear.completion_percentage} target={100} label="EAR preparation" />
          <EarExport year={data.year} eligible={ear.eligible_for_submission} />
          {!ear.eligible_for_submission && <p className="small muted">EAR export unlocks at {formatPercent(d.target_rate)} diversion (your target) and at least {ear.min_tickets} waste tickets.</p>}
        </Card>
        <ActivityLog year={data.year} first={data.compliance_log} total={data.compliance_log_total ?? data.compliance_log.length} />
        <StateLawsCard />
        <GeneratorTiers />
        <FoodRecoveryRecords year={data.year} />
        <Card title="Action Items">
          {data.action_items.length === 0 ? <p className="muted">Nothing to do: every location meets its targets.</p> : (
            <ul className="compliance-list">
              {data.action_items.map((a, i) => (
                <li key={i} className={`prio-${a.priority}`}>
                  <strong>{a.title}</strong>
                  <div className="small">{a.description}</div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

/** The log's first page comes with the dashboard; later pages from GET /api/compliance/activity-log. */
function ActivityLog({ year, first, total }: { year: number; first: ComplianceDashboard["compliance_log"]; total: number }) {
  const list = usePageState(["year"], { size: LOG_PAGE }); // the screen's: its page is the log's
  const offset = (list.page - 1) * LOG_PAGE; // 20 a page, as the dashboard carries them
  const later = useActivityLog(year, offset, offset > 0);
  const entries = offset === 0 ? first : later.data?.entries ?? [];
  return (
    <Card title="Compliance Activity Log">
      {total === 0 ? <p className="muted">No compliance activity recorded yet.</p> : (
        <ul className="compliance-list">
          {entries.map((e, i) => (
            <li key={i} className={`sev-${e.severity}`}>
              <strong>{e.event.replace(/_/g, " ")}</strong> <span className="small muted">{formatDateTime(e.timestamp)}</span>
              <div>{e.description}</div>
            </li>
          ))}
        </ul>
      )}
      {total > LOG_PAGE && (
        <Pager offset={offset} size={LOG_PAGE} total={total} noun="log entries" busy={offset > 0 && later.isFetching}
          onPage={(p) => list.update({ page: p })} />
      )}
    </Card>
  );
}

function EarExport({ year, eligible }: { year: number; eligible: boolean }) {
  const [format, setFormat] = useState<EarFormat>("json");
  const exporter = useExportEar();
  const run = () => exporter.start(year, format);
  return (
    <div className="export-group">
    <div className="compliance-head">
      <label>Format{" "}
        <select value={format} onChange={(e) => setFormat(e.target.value as EarFormat)} disabled={!eligible}>
          <option value="json">JSON</option><option value="csv">CSV</option><option value="xlsx">Excel (XLSX)</option><option value="pdf">PDF</option>
        </select>
      </label>
      <Button size="sm" busy={exporter.busy !== null} busyLabel={exporter.label} onClick={run} disabled={!eligible}>Export</Button>
    </div>
    <BusyError message={exporter.error?.message} onDismiss={exporter.clearError} />
    </div>
  );
}
