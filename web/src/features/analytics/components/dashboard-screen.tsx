import { useState } from "react";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { useDashboard } from "../api/get-dashboard";
import { lastDays, lb, num, usd } from "../lib/conversions";
import { everyDay } from "../lib/trend";
import type { ReportFilters } from "../api/report-filters";
import { ShareBars, TrendChart } from "./charts";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { RangeFilter } from "./range-filter";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import "./analytics.css";

/** Main Dashboard: totals, weight-based diversion, estimates, trend and where the waste comes from. */
export default function DashboardScreen() {
  useFollowWarehouse();
  const [filters, setFilters] = useState<ReportFilters>(lastDays(30));
  const { data, isPending, error } = useDashboard(filters);
  return (
    <div>
      <h2>Main Dashboard</h2>
      <RangeFilter value={filters} onChange={setFilters} />
      {isPending ? <Spinner /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <>
          <LastRefreshed figures={data} />
          <div className="analytics-grid">
            <StatCard label="Total tickets" value={num(data.total_tickets, 0)} hint={`${num(data.operational_kpis.daily_averages.tickets_per_day)} per day`} />
            <StatCard label="Total weight" value={lb(data.total_weight)} hint={`${lb(data.operational_kpis.daily_averages.weight_per_day)} per day`} />
            <StatCard label="Diverted" value={lb(data.diverted_weight)} hint={`Diversion rate ${data.diversion_rate.toFixed(1)}%`} />
            <StatCard label="CO2e avoided" value={`${num(data.co2_prevented_kg)} kg`} hint="EPA GHG Hub factors, diverted lb" />
            <StatCard label="Meals recovered" value={num(data.meals_recovered, 0)} hint="Donated lb / 1.2" />
            <StatCard label="Cost savings" value={usd(data.cost_savings)} hint="0.12 USD per diverted lb" />
          </div>
          {data.total_tickets === 0 ? (
            <EmptyState title="No tickets in this period">Weigh waste to see your dashboard fill in.</EmptyState>
          ) : (
            <div className="analytics-stack">
              <Card title="Waste reduction progress">
                <TrendChart points={everyDay(data.operational_kpis.waste_reduction_progress.trend, data.period.start_date, data.period.end_date)} />
              </Card>
              <div className="analytics-panels">
                <Card title="Top waste sources"><ShareBars shares={data.operational_kpis.top_waste_sources} label="Net lb" /></Card>
                <Card title="By location"><ShareBars shares={data.operational_kpis.location_breakdown} label="Net lb" /></Card>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
