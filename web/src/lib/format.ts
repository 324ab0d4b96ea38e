// Dates and times are stored in UTC and shown in the company's time zone, whatever the device's.
let displayTimeZone: string | undefined;

export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  displayTimeZone = timeZone || undefined;
}

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDateTime(iso: string | null | undefined, fallback = "N/A"): string {
  const d = valid(iso);
  return d ? d.toLocaleString(undefined, { timeZone: displayTimeZone }) : fallback;
}

export function formatDate(iso: string | null | undefined, fallback = "N/A"): string {
  const d = valid(iso);
  return d ? d.toLocaleDateString(undefined, { timeZone: displayTimeZone }) : fallback;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the company's time zone. */
export function companyDay(at: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: displayTimeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** A YYYY-MM-DD day moved by whole calendar days (no time zone or DST involved). */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Weights in pounds with one decimal ("1,234.5 lbs"); a dash when there is none. */
export const formatLbs = (n: number | string | null | undefined) =>
  n === null || n === undefined || n === "" ? "—" : `${Number(n).toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} lbs`;

export const formatUsd = (n: number | string | null | undefined) =>
  Number(n ?? 0).toLocaleString(undefined, { style: "currency", currency: "USD" });
