import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { formatPercent } from "@/lib/format";
import { getCurrentSubscriptionQueryOptions } from "@/lib/api/get-current-subscription";
import { FEATURE, hasFeature } from "@/lib/plan-gates";
import { useDashboard } from "../api/get-dashboard";
import { diversionBar, lastDays, lb, num, pctText, usd } from "../lib/conversions";
import type { ReportFilters } from "../api/report-filters";
import { DiversionBar } from "./charts";
import { LastRefreshed } from "@/components/ui/last-refreshed";
import { RangeFilter } from "./range-filter";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import "./analytics.css";


/** ESG Dashboard (PRO+): impact figures, spec 2 s2.5 equivalences, diversion against the company's target (its setting). */
export default function EsgScreen() {
  useFollowWarehouse();
  const [filters, setFilters] = useState<ReportFilters>(lastDays(30));
  const subscription = useQuery(getCurrentSubscriptionQueryOptions());
  // A core plan (or an ended trial) sees the PRO+ gate, not the pro figures.
  const allowed = subscription.data ? hasFeature(subscription.data, FEATURE.esgAdvanced) : undefined;
  const { data, isPending, error } = useDashboard(filters, allowed === true);
  if (allowed === false) {
    return (
      <div>
        <h2>ESG Dashboard <span className="badge">PRO+ Feature</span></h2>
        <EmptyState title="The ESG Dashboard is a PRO+ feature">
          <p>Advanced ESG reports are available on the Pro and Enterprise plans.</p>
          <Link className="btn btn-primary btn-md" to="/app/subscription">Upgrade to PRO</Link>
        </EmptyState>
      </div>
    );
  }
  const co2Lbs = data?.esg_metrics.co2_saved_lbs ?? 0;
  const sources = Object.entries(data?.operational_kpis.top_waste_sources ?? {});
  return (
    <div>
      <h2>ESG Dashboard <span className="badge">PRO+ Feature</span></h2>
      <RangeFilter value={filters} onChange={setFilters} />
      {subscription.error ? <p className="alert alert-error">{subscription.error.message}</p> : isPending ? <Spinner /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <>
          <LastRefreshed figures={data} />
          <div className="analytics-grid">
            <StatCard label="CO2e avoided" value={`${num(co2Lbs)} lb`} hint={`${num(data.co2_prevented_kg)} kg`} />
            <StatCard label="Meals recovered" value={num(data.meals_recovered, 0)} />
            <StatCard label="Cost savings" value={usd(data.esg_metrics.cost_saved_usd)} />
            <StatCard label="Total tickets" value={num(data.total_tickets, 0)} />
          </div>
          <div className="analytics-grid">
            <StatCard label="Trees planted (equivalent)" value={num(data.esg_metrics.trees_planted)} />
            <StatCard label="Car days off the road" value={num(data.esg_metrics.car_days)} />
            <StatCard label="Energy (kWh equivalent)" value={num(data.esg_metrics.energy_kwh)} />
          </div>
          <div className="analytics-stack">
            <Card title="Diversion rate">
              <DiversionBar rate={data.diversion_rate} {...diversionBar(data.diversion_rate, data.ca_compliance_target)} />
              <p className="small muted">Net weight to diversion destinations over all net weight of outbound (generated) waste. {pctText(data.ca_compliance_target)} is the company's target.</p>
            </Card>
            {subscription.data?.sb1383_compliance_enabled && (
              <Card title="California SB 1383">
                <p>{data.ca_compliance ? "At or above" : "Below"} the company's {pctText(data.ca_compliance_target)} diversion target.</p>
              </Card>
            )}
            <Card title="Top waste sources">
              {sources.length === 0 ? <EmptyState title="No waste source data available yet" /> : (
                <ul>{sources.map(([name, s]) => <li key={name}>{name}: {lb(s.weight)} ({formatPercent(s.percentage)})</li>)}</ul>
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
