// Display formats: weights in pounds with one decimal, money in USD, local date and time.
export const formatLbs = (n: number | string | null | undefined) =>
  n === null || n === undefined || n === "" ? "—" : `${Number(n).toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} lbs`;

export const formatUsd = (n: number | string | null | undefined) =>
  Number(n ?? 0).toLocaleString(undefined, { style: "currency", currency: "USD" });

export { formatDate, formatDateTime } from "@/lib/format";

/** The status colour as a badge tone (yellow is the amber badge). */
export const statusBadge = (tone: "green" | "yellow" | "gray") => (tone === "yellow" ? "amber" : tone);
