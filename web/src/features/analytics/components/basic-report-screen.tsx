import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Card, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { getCurrentSubscriptionQueryOptions } from "@/lib/api/get-current-subscription";
import { emailBasicReport } from "../api/email-basic-report";
import { exportBasicReport } from "../api/export-basic-report";
import { useBasicReport } from "../api/get-basic-report";
import { useReportTickets } from "../api/get-report-tickets";
import { useTicketReport } from "../api/get-ticket-report";
import { lastDays, lb, num, usd } from "../lib/conversions";
import type { ReportFilters } from "../api/report-filters";
import { breakdownColumns } from "./columns";
import { EmailReportPrompt } from "@/components/email-report-prompt";
import { BusyButton } from "@/components/busy/busy-button";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { RangeFilter } from "./range-filter";
import { ReportListSelect } from "./report-list-select";
import { ReportTicketTable } from "./report-ticket-table";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import "./analytics.css";
import "./basic-report.css";

const UPGRADE: Record<string, string> = {
  core: "Upgrade to PRO for detailed ESG reports, California SB 1383 compliance tracking and regulator guidance.",
  pro: "Upgrade to ENTERPRISE for automated submission and multi-jurisdiction management.",
};

export const EXPORT_FAILED = "Export failed. Please try again.";

/** Basic Report: the summary tab and the report generator (filters, breakdowns, tickets, PDF). */
export default function BasicReportScreen() {
  useFollowWarehouse();
  const [tab, setTab] = useState<"summary" | "generator">("summary");
  const [draft, setDraft] = useState<ReportFilters>({ ...lastDays(30), ticket_type: "all" });
  const [applied, setApplied] = useState<ReportFilters | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const summary = useBasicReport(lastDays(30), tab === "summary");
  const report = useTicketReport(applied ?? draft, tab === "generator" && applied !== null);
  const generated = useBasicReport(applied ?? draft, tab === "generator" && applied !== null);
  const tickets = useReportTickets(applied ?? draft, tab === "generator" && applied !== null);
  const plan = useQuery(getCurrentSubscriptionQueryOptions()).data?.effective_plan;

  return (
    <div>
      <h2>Basic Report</h2>
      <div className="no-print" role="tablist">
        <button className={`btn btn-md ${tab === "summary" ? "btn-primary" : ""}`} role="tab" aria-selected={tab === "summary"} onClick={() => setTab("summary")}>Summary</button>
        <button className={`btn btn-md ${tab === "generator" ? "btn-primary" : ""}`} role="tab" aria-selected={tab === "generator"} onClick={() => setTab("generator")}>Report Generator</button>
      </div>
      {tab === "summary" ? (
        summary.isPending ? <Spinner /> : summary.error ? <p className="alert alert-error">{summary.error.message}</p> : (
          <>
            <LastRefreshed figures={summary.data} />
            <div className="analytics-grid">
              <StatCard label="Total tickets" value={num(summary.data.total_tickets, 0)} />
              <StatCard label="Net weight" value={lb(summary.data.total_net_weight)} />
              <StatCard label="Gross weight" value={lb(summary.data.total_gross_weight)} />
              <StatCard label="Container weight" value={lb(summary.data.total_tare_weight)} />
            </div>
            <Card title="Basic environmental impact">
              <div className="analytics-grid">
                <StatCard label="CO2e avoided" value={`${num(summary.data.basic_esg.co2_prevented_kg, 2)} kg`} />
                <StatCard label="Potential meals recovered" value={num(summary.data.basic_esg.meals_recovered, 0)} />
                <StatCard label="Cost savings" value={usd(summary.data.basic_esg.cost_savings_usd)} />
              </div>
            </Card>
            <div className="no-print">
              <EmailReportPrompt title="Basic Report" send={(email) => emailBasicReport({ email, filters: lastDays(30) })} />
            </div>
            {plan && UPGRADE[plan] && <p className="alert">{UPGRADE[plan]}</p>}
          </>
        )
      ) : (
        <>
          <div className="no-print">
            <button className="btn btn-md" onClick={() => setFiltersOpen(!filtersOpen)} aria-expanded={filtersOpen}>Filters</button>
            {filtersOpen && (
              <RangeFilter value={draft} onChange={setDraft}>
                <ReportListSelect label="Waste type" path="waste-types" value={draft.waste_type}
                  onChange={(waste_type) => setDraft({ ...draft, waste_type })} />
                <ReportListSelect label="Destination" path="destination-types" value={draft.destination}
                  onChange={(destination) => setDraft({ ...draft, destination })} />
                <label className="field"><span>Ticket type</span>
                  <select value={draft.ticket_type ?? "all"} onChange={(e) => setDraft({ ...draft, ticket_type: e.target.value as ReportFilters["ticket_type"] })}>
                    <option value="all">All</option><option value="inbound">Inbound</option><option value="outbound">Outbound</option>
                  </select></label>
              </RangeFilter>
            )}
            <button className="btn btn-primary btn-md" onClick={() => setApplied({ ...draft })}>Generate Report</button>
            {/* The server recomputes the report from these filters and names the file basic_report_{date}.pdf. */}
            <BusyButton disabled={!report.data || !applied} failure="Export failed."
              action={(onProgress) => (applied ? exportBasicReport(applied, onProgress) : Promise.resolve())}>Export PDF</BusyButton>
          </div>
          {applied === null ? <p className="muted">Choose filters and generate a report.</p> :
            report.isPending || generated.isPending ? <Spinner /> :
            report.error || generated.error ? <p className="alert alert-error">Error generating report: {(report.error ?? generated.error)?.message}</p> : report.data && generated.data && (
              <>
                <LastRefreshed figures={report.data} />
                <div className="analytics-grid">
                  <StatCard label="Tickets" value={num(report.data.summary.total_tickets, 0)} />
                  <StatCard label="Net weight" value={lb(report.data.summary.total_net_weight)} />
                  <StatCard label="Average per ticket" value={lb(report.data.summary.avg_net_weight)} />
                  <StatCard label="Diversion rate" value={`${generated.data.diversion_rate.toFixed(1)}%`} hint="outbound, by weight" />
                </div>
                <Card title="Environmental impact">
                  <p>CO2e avoided {num(generated.data.basic_esg.co2_prevented_kg, 2)} kg · meals {num(generated.data.basic_esg.meals_recovered, 0)} · savings {usd(generated.data.basic_esg.cost_savings_usd)}</p>
                </Card>
                <div className="analytics-stack">
                  {report.data.breakdowns && (
                    // Panels wrap to fewer per row so every breakdown keeps its Net lb and % columns.
                    <div className="analytics-panels breakdown-panels">
                      <Card title="By waste type"><DataTable data={report.data.breakdowns.by_waste_type} columns={breakdownColumns} pageSize={10} /></Card>
                      <Card title="By destination"><DataTable data={report.data.breakdowns.by_destination} columns={breakdownColumns} pageSize={10} /></Card>
                      <Card title="By location"><DataTable data={report.data.breakdowns.by_location} columns={breakdownColumns} pageSize={10} /></Card>
                      <Card title="By employee"><DataTable data={report.data.breakdowns.by_employee} columns={breakdownColumns} pageSize={10} /></Card>
                    </div>
                  )}
                  <Card title="Tickets">
                    <ReportTicketTable tickets={tickets.data ?? []} />
                  </Card>
                </div>
              </>
            )}
        </>
      )}
    </div>
  );
}
