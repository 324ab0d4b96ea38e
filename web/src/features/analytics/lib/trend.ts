import { shiftDay } from "@/lib/format";
import type { components } from "@/client/schema";

type TrendPoint = components["schemas"]["TrendPoint"];

/** A day on the trend chart; a day without tickets weighs 0 lb and has no diversion rate. */
export type TrendDay = { date: string; weight: number; diverted_weight: number; diversion_rate: number | null };

const MAX_DAYS = 366; // a longer range plots only the days with tickets

/**
 * Every company-local day of the period, so the time axis is even: the API sends the days
 * that have tickets only, and a line drawn through those alone hides the empty days.
 */
export function everyDay(points: TrendPoint[], start: string, end: string): TrendDay[] {
  const byDay = new Map(points.map((p) => [p.date, p]));
  const days: TrendDay[] = [];
  for (let day = start; day <= end && days.length < MAX_DAYS; day = shiftDay(day, 1)) {
    days.push(byDay.get(day) ?? { date: day, weight: 0, diverted_weight: 0, diversion_rate: null });
  }
  return days.length < MAX_DAYS ? days : points;
}
