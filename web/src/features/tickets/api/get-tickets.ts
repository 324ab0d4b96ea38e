import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ticketsFromResponse } from "../lib/ticket-list";
import type { operations } from "@/client/schema";
import type { Ticket } from "@/lib/api/get-ticket";

export type TicketFilters = NonNullable<operations["tickets-list_tickets"]["parameters"]["query"]>;

export async function getTickets(filters: TicketFilters, signal?: AbortSignal): Promise<Ticket[]> {
  const body = await api.get<unknown>("/api/tickets", { sort_order: "desc", ...filters }, signal);
  return ticketsFromResponse<Ticket>(body);
}

export const getTicketsQueryOptions = (filters: TicketFilters) =>
  queryOptions({ queryKey: ["tickets", "list", filters], queryFn: ({ signal }) => getTickets(filters, signal) });

export function useTickets(filters: TicketFilters, enabled = true) {
  return useQuery({ ...getTicketsQueryOptions(filters), enabled });
}

export type TicketPage = { tickets: Ticket[]; total: number };

/** One page of GET /api/tickets and the size of the whole filtered set (`total`). */
export async function getTicketPage(filters: TicketFilters, signal?: AbortSignal): Promise<TicketPage> {
  const body = await api.get<unknown>("/api/tickets", { sort_order: "desc", ...filters }, signal);
  const tickets = ticketsFromResponse<Ticket>(body);
  const total = body && typeof body === "object" && "total" in body ? Number((body as { total: number }).total) : tickets.length;
  return { tickets, total };
}

export function useTicketPage(filters: TicketFilters) {
  return useQuery({
    queryKey: ["tickets", "page", filters],
    queryFn: ({ signal }) => getTicketPage(filters, signal),
    placeholderData: (previous) => previous,
  });
}
