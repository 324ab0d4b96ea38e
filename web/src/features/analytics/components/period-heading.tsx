import type { components } from "@/client/schema";
import { formatDay as formatCalendarDay } from "@/lib/format";

type Period = components["schemas"]["Period"];

/**
 * A report day (YYYY-MM-DD, already the company's local day) in the user's date format.
 * formatDate would read "2026-10-01" as UTC midnight and show 9/30 in any zone west of UTC,
 * so the day is formatted as the calendar day it is, in the same locale format.
 */
export function formatDay(day: string): string {
  return formatCalendarDay(day, day);
}

/** The report's period heading, e.g. "10/1/2026 to 10/31/2026". */
export function PeriodHeading({ period }: { period: Period }) {
  return <h3>{formatDay(period.start_date)} to {formatDay(period.end_date)}</h3>;
}
