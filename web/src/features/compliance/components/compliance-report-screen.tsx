import { useState } from "react";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatPercent } from "@/lib/format";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { DataTable } from "@/components/data-table/data-table";
import { ApiError } from "@/lib/api-client";
import { fetchApiFile, fileNameFrom, saveResponse } from "@/lib/download";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import { notify } from "@/lib/notify";
import type { OnProgress } from "@/lib/use-busy-action";
import { BusyButton } from "@/components/busy/busy-button";
import { useComplianceDashboard } from "../api/get-dashboard";
import { CompliantBadge, MonthlyTrend, RiskBadge, locationColumns, lb } from "./parts";
import "./compliance.css";

async function exportPdf(year: number, onProgress?: OnProgress): Promise<string> {
  const response = await fetchApiFile(`/api/compliance/location-report?year=${year}&format=pdf`);
  const name = fileNameFrom(response.headers.get("content-disposition"), `sb1383_location_report_${year}.pdf`);
  await saveResponse(response, name, onProgress);
  return name;
}

/** Compliance Report tab (spec 3 s2.18): the per-location SB 1383 report for a chosen year. */
export default function ComplianceReportScreen() {
  useFollowWarehouse(["compliance"]);
  const [year, setYear] = useState<number | undefined>(undefined);
  const { data, isPending, error } = useComplianceDashboard(year);
  if (isPending) return <Spinner />;
  if (error) {
    const locked = error instanceof ApiError && error.status === 403;
    return <EmptyState title={locked ? "Compliance Features Not Enabled" : "The compliance report could not be loaded"}><p>{error.message}</p></EmptyState>;
  }
  const locations = Object.entries(data.location_compliance).map(([name, l]) => ({ name, ...l }));
  const s = data.compliance_status;
  return (
    <div>
      <div className="compliance-head">
        <h2>California SB 1383 Compliance Report</h2>
        <span>
          <label>Year{" "}
            <select aria-label="Year" value={data.year} onChange={(e) => setYear(Number(e.target.value))}>
              {[...new Set([data.year, ...data.available_years])].sort((a, b) => b - a).map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </label>{" "}
          <BusyButton variant="primary" size="sm" disabled={!data.has_data} failure="Export failed."
            action={(onProgress) => exportPdf(data.year, onProgress).then((n) => notify({ kind: "success", message: `Saved ${n}` }))}>
            Export PDF
          </BusyButton>
        </span>
      </div>
      <LastRefreshed figures={data} />
      {!data.has_data ? <EmptyState title="No compliance data available"><p>Create waste tickets to begin SB 1383 tracking</p></EmptyState> : (
        <>
          <div className="compliance-grid">
            <StatCard label="Organic diversion rate" value={formatPercent(s.diversion_rate)} hint={`Target ${formatPercent(s.target_rate)} (a management target; SB 1383's 75% is statewide)`} />
            <StatCard label="Status" value={<CompliantBadge ok={s.is_compliant} />} hint={<RiskBadge level={s.risk_level} />} />
            <StatCard label="Total waste" value={lb(data.diversion_metrics.total_waste)} hint={`${lb(data.diversion_metrics.diverted_weight)} diverted`} />
            <StatCard label="Food recovered" value={lb(data.food_recovery.recovered_pounds)} hint={`${formatPercent(data.food_recovery.recovery_rate)} of net weight`} />
          </div>
          <Card title="Locations">
            <DataTable data={locations} columns={locationColumns} getRowId={(r) => r.name} empty="No locations with tickets this year." />
          </Card>
          <Card title="Monthly Diversion">
            <MonthlyTrend points={data.diversion_metrics.monthly_trend} target={data.diversion_metrics.target_rate} />
          </Card>
        </>
      )}
    </div>
  );
}
