// The company's day in the web (issue 29). Instants are stored in UTC and shown in the company's
// time zone, whatever the device's; a company without one uses Flow's one default, the same as
// api/kit/calendar.py DEFAULT_TIMEZONE and dbt's var company_timezone_default. A date without a
// time (YYYY-MM-DD: a due date, a subscription's end, a report day) is a calendar day, never an
// instant: it is shown as the day it is, in any zone (2026-11-30 never becomes 11/29).
export const DEFAULT_TIME_ZONE = "America/Los_Angeles";

let displayTimeZone: string = DEFAULT_TIME_ZONE;

export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  displayTimeZone = timeZone || DEFAULT_TIME_ZONE;
}

// The locale numbers and dates are written in: the user's language (lib/i18n sets it); undefined
// is the browser's own, as for every English user before issue 32.
let displayLocale: string | undefined;

export function setDisplayLocale(locale: string | undefined): void {
  displayLocale = locale;
}

export function getDisplayLocale(): string | undefined {
  return displayLocale;
}

/** The zone instants are shown in (the company's). */
export function getDisplayTimeZone(): string {
  return displayTimeZone;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD calendar day as a local Date at its midnight (never read as UTC), else null. */
export function parseDay(day: string | null | undefined): Date | null {
  const m = DATE_ONLY.exec((day ?? "").trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}

/** A calendar day (YYYY-MM-DD, or the day part of a longer value) in the user's date format. */
export function formatDay(day: string | null | undefined, fallback = "N/A"): string {
  const d = parseDay((day ?? "").slice(0, 10));
  return d ? d.toLocaleDateString(displayLocale) : fallback;
}

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDateTime(iso: string | null | undefined, fallback = "N/A"): string {
  const d = valid(iso);
  return d ? d.toLocaleString(displayLocale, { timeZone: displayTimeZone }) : fallback;
}

/** The company's day of an instant; a date-only value is shown as the calendar day it is. */
export function formatDate(iso: string | null | undefined, fallback = "N/A"): string {
  if (iso && DATE_ONLY.test(iso.trim())) return formatDay(iso, fallback);
  const d = valid(iso);
  return d ? d.toLocaleDateString(displayLocale, { timeZone: displayTimeZone }) : fallback;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the company's time zone. */
export function companyDay(at: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: displayTimeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The company's current year (the EAR's default year, "this month" counts). */
export function companyYearMonth(at: Date = new Date()): { year: number; month: number } {
  const [y, m] = companyDay(at).split("-");
  return { year: Number(y), month: Number(m) };
}

/** A YYYY-MM-DD day moved by whole calendar days (no time zone or DST involved). */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The pound's abbreviation: "lbs" in English as Flow always wrote it, "lb" in Spanish. */
export const poundUnit = () => (displayLocale?.startsWith("es") ? "lb" : "lbs");

/** The pound's symbol after a total on the dashboards, reports and SB 1383 screens ("210 lb"), in
 * every language; ticket weights keep poundUnit(). */
export const LB_SYMBOL = "lb";

/** Weights in pounds with one decimal ("1,234.5 lbs"); a dash when there is none. */
export const formatLbs = (n: number | string | null | undefined, unit: string = poundUnit()) =>
  n === null || n === undefined || n === "" ? "—" : `${Number(n).toLocaleString(displayLocale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${unit}`;

/** Pounds as weighed, without padding to one decimal ("7.8 lbs", "12 lbs"). */
export const formatWeight = (n: number | string, unit: string = poundUnit()) =>
  `${Number(n).toLocaleString(displayLocale, { maximumFractionDigits: 1 })} ${unit}`;

/** A number in the user's language with at most `digits` decimals ("1,234.5"). */
export const formatNumber = (n: number, digits = 1) => n.toLocaleString(displayLocale, { maximumFractionDigits: digits });

/** A whole count in the user's language ("1,234"). */
export const formatCount = (n: number) => n.toLocaleString(displayLocale);

/** Money in US dollars with cents ("$1,234.50"), in the user's language: every amount Flow shows. */
export const formatUsd = (n: number | string | null | undefined) =>
  Number(n ?? 0).toLocaleString(displayLocale, { style: "currency", currency: "USD" });

/** Whole dollars ("$99"), for plan prices and revenue at a glance, where cents are noise. */
export const formatUsdWhole = (n: number | string | null | undefined) =>
  Number(n ?? 0).toLocaleString(displayLocale, { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** A percentage with one decimal ("76.2%"), as every rate and share is shown. */
export const formatPercent = (n: number | string) =>
  `${Number(n).toLocaleString(displayLocale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })}%`;
