import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatPercent } from "@/lib/format";
import { useCostAnalysis } from "../api/get-cost-analysis";
import { lastDays, lb, num, usd } from "../lib/conversions";
import type { ReportFilters } from "../api/report-filters";
import { MoneyBars } from "./charts";
import { locationSavingsColumns } from "./columns";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { RangeFilter } from "./range-filter";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import "./analytics.css";

/** Cost Analysis Dashboard (spec 3 s2.15, formulas of s9 computed by the warehouse). */
export default function CostAnalysisScreen() {
  useFollowWarehouse();
  const [filters, setFilters] = useState<ReportFilters>(lastDays(30));
  const { data, isPending, error } = useCostAnalysis(filters);
  return (
    <div>
      <h2>Cost Analysis Dashboard</h2>
      <RangeFilter value={filters} onChange={setFilters} />
      {isPending ? <Spinner /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <>
          <LastRefreshed figures={data} />
          <div className="analytics-grid">
            <StatCard label="Cost savings" value={usd(data.total_savings)} hint="0.12 USD per diverted lb" />
            <StatCard label="ROI" value={`${num(data.roi_percent)}%`} />
            <StatCard label="Monthly disposal cost" value={usd(data.monthly_disposal_cost)} hint="0.08 USD per lb" />
            <StatCard label="Cost per lb" value={usd(data.cost_per_lb)} />
          </div>
          {data.performance_summary.total_tickets === 0 ? <EmptyState title="No tickets in this period" /> : (
            <div className="analytics-stack">
              <Card title="Savings by location">
                <MoneyBars data={data.savings_by_location} x="location" bars={[{ key: "cost_saved", name: "Cost saved (USD)" }]} />
                <DataTable data={data.savings_by_location} columns={locationSavingsColumns} pageSize={10} />
              </Card>
              <div className="analytics-panels">
                <Card title="Cost impact by waste type (top 3)">
                  <MoneyBars data={data.cost_impact_by_waste_type} x="waste_type" bars={[{ key: "disposal_cost", name: "Disposal cost" }, { key: "cost_saved", name: "Cost saved" }]} />
                </Card>
                <Card title="Financial projections">
                  <p>Monthly {usd(data.projections.monthly)} · Annual {usd(data.projections.annual)} · Payback {data.projections.payback_years === null ? "never (no savings yet)" : `${data.projections.payback_years} years`}</p>
                </Card>
                <Card title="Performance summary">
                  <p>{lb(data.performance_summary.total_weight)} weighed, {lb(data.performance_summary.diverted_weight)} diverted ({formatPercent(data.performance_summary.diversion_rate)}) over {num(data.performance_summary.total_tickets, 0)} tickets.</p>
                </Card>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
