import { useState, type ReactNode } from "react";
import { Card, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { emailEsgReport } from "../api/email-esg-report";
import { useEsgReport } from "../api/get-esg-report";
import { lastDays, lb, num, pctText, usd } from "../lib/conversions";
import type { ReportFilters } from "../api/report-filters";
import { EmailReportPrompt } from "@/components/email-report-prompt";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { PeriodHeading } from "./period-heading";
import { RangeFilter } from "./range-filter";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import "./analytics.css";

// A figure Flow has no factor for: a quiet note, not a big number (it would wrap out of the card).
const notEstimated = (v: number | null | undefined, format: (n: number) => string): ReactNode =>
  v === null || v === undefined ? <span className="small muted">Not estimated</span> : format(v);

/** ESG Impact Report (spec 3 s2.14): EPA-factor CO2e, food recovery, economics, SB 1383. */
export default function EsgImpactScreen() {
  useFollowWarehouse();
  const [filters, setFilters] = useState<ReportFilters>(lastDays(30));
  const { data, isPending, error } = useEsgReport(filters);
  return (
    <div>
      <h2>ESG Impact Report</h2>
      <RangeFilter value={filters} onChange={setFilters} />
      {isPending ? <Spinner /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <>
          <PeriodHeading period={data.period} />
          <LastRefreshed figures={data} />
          <div className="analytics-grid">
            <StatCard label="Tickets" value={num(data.summary.total_tickets, 0)} />
            <StatCard label="Net weight" value={lb(data.summary.total_net_weight_lbs)} />
            <StatCard label="Facilities" value={num(data.summary.total_facilities, 0)} />
            <StatCard label="Diversion rate" value={`${data.diversion_metrics.diversion_rate_percent.toFixed(1)}%`} />
          </div>
          <Card title="Environmental Impact">
            <div className="analytics-grid">
              <StatCard label="CO2e avoided" value={`${num(data.environmental_impact.co2_prevented_kg)} kg`} hint={`${num(data.environmental_impact.co2_prevented_tons, 3)} t (EPA GHG Hub Table 9)`} />
              <StatCard label="Methane prevented" value={`${num(data.environmental_impact.methane_prevented_kg)} kg`} />
              <StatCard label="Cars off the road (a year)" value={num(data.environmental_impact.equivalent_cars_off_road, 2)} />
              <StatCard label="Landfill diverted" value={`${num(data.environmental_impact.landfill_diverted_tons, 3)} short tons`} />
              <StatCard label="Water saved" value={notEstimated(data.environmental_impact.water_saved_gallons, (n) => `${num(n)} gal`)} />
            </div>
          </Card>
          <Card title="Food Recovery Impact">
            <div className="analytics-grid">
              <StatCard label="Meals recovered" value={num(data.food_recovery.meals_recovered, 0)} hint="Donated lb / 1.2" />
              <StatCard label="People fed per day" value={num(data.food_recovery.people_fed_per_day)} />
              <StatCard label="Protein recovered" value={notEstimated(data.food_recovery.protein_recovered_lbs, lb)} />
              <StatCard label="Nutritional value" value={notEstimated(data.food_recovery.nutritional_value_usd, usd)} />
            </div>
          </Card>
          <Card title="Economic Impact">
            <div className="analytics-grid">
              <StatCard label="Cost savings" value={usd(data.economic_impact.cost_savings)} hint="0.12 USD per diverted lb" />
              <StatCard label="Tax benefits" value={notEstimated(data.economic_impact.tax_benefits_usd, usd)} />
              <StatCard label="Operational savings" value={notEstimated(data.economic_impact.operational_savings, usd)} />
              <StatCard label="Total economic impact" value={usd(data.economic_impact.total_economic_impact)} />
            </div>
          </Card>
          <Card title="SB 1383 Compliance">
            <p>{data.compliance.sb1383_compliant ? "Meets" : "Below"} the company's {pctText(data.compliance.target_rate)} diversion target ({data.compliance.diversion_rate.toFixed(1)}%, {lb(data.compliance.total_diverted_weight)} diverted).
              {" "}This month: {data.compliance.monthly_target_met ? "target met" : "target not met"}.</p>
          </Card>
          <EmailReportPrompt title="ESG Impact Report" send={(email) => emailEsgReport({ email, filters })} />
        </>
      )}
    </div>
  );
}
