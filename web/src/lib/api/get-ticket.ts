import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";

export type Ticket = components["schemas"]["TicketRead"];
export type TicketImage = components["schemas"]["TicketImageRead"];

export const getTicket = (id: string, signal?: AbortSignal) => api.get<Ticket>(`/api/tickets/${id}`, undefined, signal);

export const getTicketQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["tickets", "detail", id], queryFn: ({ signal }) => getTicket(id, signal) });

export function useTicket(id: string | null) {
  return useQuery({ ...getTicketQueryOptions(id ?? ""), enabled: Boolean(id) });
}
