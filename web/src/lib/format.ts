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
