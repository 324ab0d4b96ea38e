import type { BadgeTone } from "@/components/ui/badge";
import { formatDay as formatCalendarDay, formatUsd } from "@/lib/format";

/** Money arrives as decimal strings (exact to the cent); shown as USD by the one money formatter. */
export const usd = formatUsd;

/** Aging badge (spec 3 s2.8): CURRENT green, 1-30 yellow, 31-60 orange, anything else red. */
export function agingTone(category: string | null | undefined): BadgeTone | "orange" {
  if (category === "CURRENT") return "green";
  if (category === "1-30") return "amber";
  if (category === "31-60") return "orange";
  return "red";
}

export const AGING: { key: "CURRENT" | "1-30" | "31-60" | "61-90" | "90+"; label: string }[] = [
  { key: "CURRENT", label: "Current" },
  { key: "1-30", label: "1-30 days" },
  { key: "31-60", label: "31-60 days" },
  { key: "61-90", label: "61-90 days" },
  { key: "90+", label: "90+ days" },
];

export const METHODS = [
  { value: "cash", label: "Cash" },
  { value: "check", label: "Check" },
  { value: "credit_card", label: "Credit card" },
  { value: "bank_transfer", label: "Bank transfer" },
] as const;

/** A calendar day (YYYY-MM-DD: issue, due, statement dates) as the locale writes it. It is a day,
 * not an instant: shown as is, never shifted into a time zone (2026-11-01 stays 1 November). */
export function formatDay(day: string | null | undefined, fallback = "N/A"): string {
  return formatCalendarDay(day, fallback);
}
