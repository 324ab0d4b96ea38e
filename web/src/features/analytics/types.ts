// Shapes of the analytics/report calls (api/analytics/schemas.py); weights lb, money USD.
export type Period = { start_date: string; end_date: string };
type Fresh = { period: Period; last_refreshed_at: string | null };
export type WeightShare = { weight: number; percentage: number };
export type TrendPoint = { date: string; weight: number; diverted_weight: number; diversion_rate: number };

export type Dashboard = Fresh & {
  total_tickets: number;
  total_weight: number;
  diverted_weight: number;
  diversion_rate: number;
  ca_compliance: boolean;
  co2_prevented_kg: number;
  co2e_avoided_kg_epa: number;
  meals_recovered: number;
  cost_savings: number;
  esg_metrics: { co2_saved_lbs: number; cost_saved_usd: number; meals_recovered: number };
  operational_kpis: {
    daily_averages: { weight_per_day: number; tickets_per_day: number };
    waste_reduction_progress: { trend: TrendPoint[] };
    top_waste_sources: Record<string, WeightShare>;
    location_breakdown: Record<string, WeightShare>;
  };
};

export type BasicReport = Fresh & {
  total_tickets: number;
  total_net_weight: number;
  total_gross_weight: number;
  total_tare_weight: number;
  diversion_rate: number;
  basic_esg: { co2_prevented_kg: number; meals_recovered: number; cost_savings_usd: number };
};

export type BreakdownRow = { name: string; ticket_count: number; net_weight: number; percentage: number };
export type TicketReport = Fresh & {
  summary: { total_tickets: number; total_net_weight: number; avg_net_weight: number };
  inbound: { total_tickets: number; total_net_weight: number };
  outbound: { total_tickets: number; total_net_weight: number };
  breakdowns: Record<"by_waste_type" | "by_destination" | "by_employee" | "by_container" | "by_location" | "by_date",
    BreakdownRow[]> | null;
};

export type EsgReport = Fresh & {
  summary: { total_tickets: number; total_net_weight_lbs: number; total_facilities: number };
  diversion_metrics: { diversion_rate_percent: number };
  environmental_impact: {
    co2_prevented_kg: number; co2_prevented_tons: number; methane_prevented_kg: number;
    equivalent_cars_off_road: number; water_saved_gallons: number | null; landfill_diverted_tons: number;
  };
  food_recovery: {
    meals_recovered: number; people_fed_per_day: number; protein_recovered_lbs: number | null;
    nutritional_value_usd: number | null;
  };
  economic_impact: {
    disposal_costs_saved: number; tax_benefits_usd: number | null; operational_savings: number | null;
    total_economic_impact: number;
  };
  compliance: { sb1383_compliant: boolean; diversion_rate: number; total_diverted_weight: number; monthly_target_met: boolean };
};

export type CostAnalysis = Fresh & {
  total_savings: number;
  roi_percent: number;
  monthly_disposal_cost: number;
  cost_per_lb: number;
  savings_by_location: { location: string; total_weight: number; diverted_weight: number; cost_saved: number }[];
  cost_impact_by_waste_type: { waste_type: string; weight: number; disposal_cost: number; cost_saved: number }[];
  projections: { monthly: number; annual: number; payback_years: number | null };
  performance_summary: { total_weight: number; diverted_weight: number; diversion_rate: number; total_tickets: number };
};

export type ReportFilters = {
  start_date: string;
  end_date: string;
  store_id?: string;
  waste_type?: string;
  destination?: string;
  ticket_type?: "all" | "inbound" | "outbound";
};
