import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { ApiError } from "@/lib/api-client";
import { companyYearMonth, formatPercent } from "@/lib/format";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import { Button } from "@/components/ui/button";
import { BusyError } from "@/components/busy/busy-error";
import { useExportEar, type EarFormat } from "../api/export-ear";
import { useEarReport } from "../api/get-ear-report";
import { day, lb } from "./parts";
import "./compliance.css";

const FORMATS: { format: EarFormat; label: string }[] = [
  { format: "json", label: "JSON" }, { format: "csv", label: "CSV" }, { format: "xlsx", label: "Excel (XLSX)" }, { format: "pdf", label: "PDF" },
];

/** The manager's repair panel for tickets stored before every ticket had its location. */
export const UNLOCATED_PANEL = "/app/locations#tickets-without-location";

/** EAR Report (tab `ear`): the year's summary and preparation checklist, and the export files. */
export default function EarScreen() {
  useFollowWarehouse(["compliance"]);
  const [year, setYear] = useState<number | undefined>(undefined);
  const { data, isPending, error } = useEarReport(year);
  const exporter = useExportEar();
  const thisYear = companyYearMonth().year;  // the company's year, not the device's
  const run = (format: EarFormat) => data && exporter.start(data.year, format);
  return (
    <div>
      <div className="compliance-head">
        <h2>Electronic Annual Report (EAR)</h2>
        {data && (
          <label>Year{" "}
            <select aria-label="Year" value={data.year} onChange={(e) => setYear(Number(e.target.value))}>
              {[...new Set([data.year, thisYear, thisYear - 1, thisYear - 2])].sort((a, b) => b - a).map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </label>
        )}
      </div>
      {isPending ? <Spinner /> : error ? (
        <EmptyState title={error instanceof ApiError && error.status === 403 ? "Compliance Features Not Enabled" : "The EAR report could not be loaded"}><p>{error.message}</p></EmptyState>
      ) : (
        <>
          <LastRefreshed figures={data} />
          {data.tickets_without_location > 0 && (
            <Alert kind="warning">
              {data.tickets_without_location.toLocaleString()} {data.tickets_without_location === 1 ? "ticket" : "tickets"} of {data.year} {data.tickets_without_location === 1 ? "has" : "have"} no
              location. The EAR names every ticket's location, so it waits until they are assigned.{" "}
              <Link to={UNLOCATED_PANEL}>Assign them on Locations</Link>
            </Alert>
          )}
          <div className="compliance-grid">
            <StatCard label="Compliance status" value={<Badge tone={data.summary.compliance_status === "compliant" ? "green" : data.summary.compliance_status === "no_data" ? "gray" : "red"}>{data.summary.compliance_status.replace(/_/g, " ")}</Badge>} />
            <StatCard label="Organic diversion rate" value={formatPercent(data.summary.diversion_rate)} hint={`Target ${formatPercent(data.summary.target_rate)}`} />
            <StatCard label="Total organic waste" value={lb(data.summary.total_organic_waste)} hint={`${data.summary.total_organic_waste_tons} short tons`} />
            <StatCard label="Tickets" value={data.summary.ticket_count.toLocaleString()} hint={`Due ${day(data.reporting_due_date)}`} />
          </div>
          <div className="compliance-stack">
            <Card title="Preparation Checklist">
              <ul className="compliance-list">
                {data.preparation_checklist.map((item) => (
                  <li key={item.key} className={item.done ? "" : "sev-warning"}>
                    <Badge tone={item.done ? "green" : "amber"}>{item.done ? "Done" : "Open"}</Badge> <strong>{item.label}</strong>
                    <div className="small">{item.detail}</div>
                  </li>
                ))}
              </ul>
            </Card>
            <Card title="Export">
              <p className="small muted">The jurisdiction files the EAR with CalRecycle (14 CCR 18994.2, due 1 August for the prior year); these files are your records for it.</p>
              {data.eligible_for_submission ? <p><Badge tone="green">Eligible for submission</Badge></p> : <p className="text-red">{data.reason}</p>}
              <div className="compliance-head">
                {FORMATS.map((f) => (
                  <Button key={f.format} variant="secondary" size="sm" busy={exporter.busy === f.format} busyLabel={exporter.label}
                    disabled={!data.eligible_for_submission || exporter.busy !== null} onClick={() => run(f.format)}>
                    Export {f.label}
                  </Button>
                ))}
              </div>
              <BusyError message={exporter.error?.message} onDismiss={exporter.clearError} />
              {!data.eligible_for_submission && <p className="small muted">EAR export unlocks at {formatPercent(data.summary.target_rate)} diversion (your target), the minimum number of waste tickets and every ticket at its location.</p>}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
