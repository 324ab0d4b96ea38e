import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Ticket } from "./get-ticket";

export type InProgressTickets = { draft_tickets: Ticket[]; saved_tickets: Ticket[] };

export const getInProgressTickets = (signal?: AbortSignal) =>
  api.get<InProgressTickets>("/api/tickets/in-progress", undefined, signal);

export const getInProgressTicketsQueryOptions = () =>
  queryOptions({ queryKey: ["tickets", "in-progress"], queryFn: ({ signal }) => getInProgressTickets(signal) });

export const useInProgressTickets = () => useQuery(getInProgressTicketsQueryOptions());
