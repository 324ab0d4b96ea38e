import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";
import type { TicketFilters } from "./get-tickets";

export type TicketEmailSent = components["schemas"]["TicketEmailSent"];

/** POST /api/tickets/email: the screen's tickets mailed now as PDF and CSV (same filters as the export). */
export function emailTickets(recipients: string, filters: TicketFilters) {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "" && k !== "limit" && k !== "offset") clean[k] = v;
  return api.post<TicketEmailSent>("/api/tickets/email", { recipients, filters: clean });
}
