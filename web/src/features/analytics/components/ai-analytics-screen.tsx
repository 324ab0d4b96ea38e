import { useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatPercent } from "@/lib/format";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import { useAiAnalytics, useAiNarrative, type AiAnalytics } from "../api/get-ai-analytics";
import type { ReportFilters } from "../api/report-filters";
import { lastDays, lb, num } from "../lib/conversions";
import { MoneyBars } from "./charts";
import { PeriodHeading } from "./period-heading";
import { RangeFilter } from "./range-filter";
import "./analytics.css";

type Location = AiAnalytics["by_location"][number];
type Product = AiAnalytics["by_product"][number];
type Weekday = AiAnalytics["by_weekday"][number];
type Anomaly = AiAnalytics["anomalies"][number];

const weight = (v: unknown) => num(Number(v));

const locationColumns: ColumnDef<Location, unknown>[] = [
  { header: "Location", accessorKey: "location_name" },
  { header: "Tickets", accessorKey: "tickets" },
  { header: "Net lb", accessorKey: "weight_lb", cell: (c) => weight(c.getValue()) },
  { header: "Share", accessorKey: "share_percent", cell: (c) => formatPercent(c.getValue() as number) },
  { header: "lb per active day", accessorKey: "lb_per_active_day", cell: (c) => weight(c.getValue()) },
];
const productColumns: ColumnDef<Product, unknown>[] = [
  { header: "Product", accessorKey: "waste_type" },
  { header: "Tickets", accessorKey: "tickets" },
  { header: "Net lb", accessorKey: "weight_lb", cell: (c) => weight(c.getValue()) },
  { header: "Share", accessorKey: "share_percent", cell: (c) => formatPercent(c.getValue() as number) },
];
const weekdayColumns: ColumnDef<Weekday, unknown>[] = [
  { header: "Weekday", accessorKey: "weekday" },
  { header: "Days weighed", accessorKey: "days" },
  { header: "Net lb", accessorKey: "weight_lb", cell: (c) => weight(c.getValue()) },
  { header: "lb per day", accessorKey: "lb_per_day", cell: (c) => weight(c.getValue()) },
];
const anomalyColumns: ColumnDef<Anomaly, unknown>[] = [
  { header: "Day", accessorKey: "local_date" },
  { header: "Where", accessorFn: (a) => a.location_name ?? "All locations", id: "where" },
  { header: "Net lb", accessorKey: "net_weight_lb", cell: (c) => weight(c.getValue()) },
  { header: "Usual mean lb", accessorKey: "prior_mean_lb", cell: (c) => weight(c.getValue()) },
  { header: "Std dev lb", accessorKey: "prior_stddev_lb", cell: (c) => weight(c.getValue()) },
  { header: "z-score", accessorKey: "z_score", cell: (c) => Number(c.getValue()).toFixed(2) },
  { header: "Direction", accessorKey: "direction", cell: (c) => (c.getValue() === "high" ? "above usual" : "below usual") },
];

function Narrative({ filters, ready }: { filters: ReportFilters; ready: boolean }) {
  const { data, isPending, error } = useAiNarrative(filters, ready);
  if (!ready) return null;
  return (
    <Card title="AI summary">
      {isPending ? <Spinner label="Asking the AI model..." /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <>
          {data.text && <p data-testid="ai-narrative">{data.text}</p>}
          <p className="muted" role="note">{data.message}</p>
        </>
      )}
    </Card>
  );
}

/** AI Analytics Report (enterprise; issue 16): every figure from the warehouse marts. */
export default function AiAnalyticsScreen() {
  useFollowWarehouse();
  const [filters, setFilters] = useState<ReportFilters>(lastDays(30));
  const { data, isPending, error } = useAiAnalytics(filters);
  return (
    <div>
      <h2>AI Analytics Report</h2>
      <RangeFilter value={filters} onChange={setFilters} />
      {isPending ? <Spinner /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <>
          <PeriodHeading period={data.period} />
          <LastRefreshed figures={data} />
          <div className="analytics-grid">
            <StatCard label="Outbound weight" value={lb(data.totals.total_weight_lb)} hint={`${num(data.totals.total_tickets, 0)} tickets on ${data.totals.active_days} days`} />
            <StatCard label="Weight with a photo" value={formatPercent(data.data_quality.photo_weight_percent)} hint={`Aim: more than ${num(data.data_quality.photo_target_percent, 0)}%`} />
            <StatCard label="AI readings accepted" value={formatPercent(data.data_quality.ai_accepted_percent)} hint={`${data.data_quality.ai_accepted} accepted, ${data.data_quality.ai_corrected} corrected by hand of ${data.data_quality.ai_readings}`} />
            <StatCard label="Weekly trend" value={data.trend.change_percent === null ? "Not enough weeks" : `${data.trend.change_percent > 0 ? "+" : ""}${data.trend.change_percent.toFixed(1)}%`} hint="First week of the period against the last" />
          </div>
          {data.totals.total_tickets === 0 && data.data_quality.tickets === 0 ? <EmptyState title="No tickets in this period" /> : (
            <div className="analytics-stack">
              <Card title="Recommendations">
                <ul data-testid="ai-recommendations">{data.recommendations.map((r) => <li key={r}>{r}</li>)}</ul>
              </Card>
              <Narrative filters={filters} ready={!isPending && !error} />
              <Card title="Anomalies">
                <p className="muted">Statistic: {data.anomaly_statistic}.</p>
                {data.anomalies.length === 0 ? <p>No day or location outside its usual range in this period.</p>
                  : <DataTable data={data.anomalies} columns={anomalyColumns} pageSize={10} />}
              </Card>
              <Card title="Waste per location">
                <DataTable data={data.by_location} columns={locationColumns} pageSize={10} />
              </Card>
              <div className="analytics-panels">
                <Card title="Waste per product">
                  <DataTable data={data.by_product} columns={productColumns} pageSize={10} />
                </Card>
                <Card title="Waste per weekday">
                  <DataTable data={data.by_weekday} columns={weekdayColumns} pageSize={7} />
                </Card>
              </div>
              <Card title="Weekly trend">
                <MoneyBars data={data.weekly_trend} x="week_start" bars={[{ key: "weight_lb", name: "Outbound lb" }]} />
              </Card>
            </div>
          )}
        </>
      )}
    </div>
  );
}
