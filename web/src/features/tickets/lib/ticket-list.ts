import { companyDay, shiftDay } from "@/lib/format";
// Shaping ticket lists for the search, history and report screens.
export type TicketRow = {
  id: string;
  ticket_number: string;
  ticket_at?: string | null;
  timestamp?: string | null;
  created_at?: string | null;
  status?: string | null;
};

/** GET /api/tickets answers a bare list or an object with tickets or results (spec 2 s7). */
export function ticketsFromResponse<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === "object") {
    const o = body as { tickets?: T[]; results?: T[]; items?: T[] };
    return o.tickets ?? o.results ?? o.items ?? [];
  }
  return [];
}

export function ticketTime(t: TicketRow): string {
  return t.ticket_at ?? t.timestamp ?? t.created_at ?? "";
}

/** De-duplicated by id and sorted newest first (spec 3 s2.12). */
export function dedupeNewestFirst<T extends TicketRow>(tickets: T[]): T[] {
  const seen = new Map<string, T>();
  for (const t of tickets) if (!seen.has(t.id)) seen.set(t.id, t);
  return [...seen.values()].sort((a, b) => Date.parse(ticketTime(b) || "0") - Date.parse(ticketTime(a) || "0"));
}

export { statusTone } from "@/lib/ticket-status";

export function isInboundNumber(ticketNumber: string): boolean {
  return ticketNumber.includes("-I-");
}

export type ReportFilters = {
  start_date: string;
  end_date: string;
  waste_type: string;
  destination: string;
  container_type: string;
  store_id: string;
};

/** Count of filters that narrow the report beyond the default today-through-today range. */
export function activeFilterCount(f: ReportFilters, today: string): number {
  let n = 0;
  if (f.start_date !== today || f.end_date !== today) n += 1;
  for (const k of ["waste_type", "destination", "container_type", "store_id"] as const) if (f[k]) n += 1;
  return n;
}

/** The company's calendar day of an instant (filters are in the company's days). */
export function localDay(d: Date): string {
  return companyDay(d);
}

export function daysAgo(n: number, from = new Date()): string {
  return shiftDay(companyDay(from), -n);
}

/** Query string without empty values. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
