import { companyDay, shiftDay, formatNumber, formatUsd, formatWeight, LB_SYMBOL } from "@/lib/format";
// The ESG dashboard's equivalences (trees, car days, kWh) come from the API (dbt/macros/figures.sql).

/** The diversion bar: width capped at 100 %, green from the company's target up (its setting,
 * carried by the API), else yellow. */
export function diversionBar(rate: number, target: number): { width: number; tone: "good" | "warn" } {
  return { width: Math.max(0, Math.min(100, rate)), tone: rate >= target ? "good" : "warn" };
}

/** A percentage as the screens write it: at most one decimal, no trailing zero (85, 72.5). */
export const pctText = (n: number) => `${Number(n.toFixed(1))}%`;

// The screens' short names for the one set of formatters (lib/format.ts).
export const lb = (n: number) => formatWeight(n, LB_SYMBOL);
export const usd = formatUsd;
export const num = formatNumber;

/** The company's calendar day of an instant (reports are in the company's days). */
export function isoDay(d: Date): string {
  return companyDay(d);
}

/** The default range of the dashboards: the last 30 days including today. */
export function lastDays(days: number, today = new Date()): { start_date: string; end_date: string } {
  const end = companyDay(today);
  return { start_date: shiftDay(end, -(days - 1)), end_date: end };
}
