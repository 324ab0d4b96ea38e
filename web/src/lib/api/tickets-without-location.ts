import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type UnlocatedTickets = components["schemas"]["UnlocatedTickets"];
export type TicketLocationAssigned = components["schemas"]["TicketLocationAssigned"];

/** GET /api/tickets/without-location: old tickets a manager still has to place (issue 29). */
export const ticketsWithoutLocationQueryOptions = () =>
  queryOptions({
    queryKey: ["tickets", "without-location"],
    queryFn: ({ signal }) => api.get<UnlocatedTickets>("/api/tickets/without-location", undefined, signal),
  });

export const useTicketsWithoutLocation = () => useQuery({ ...ticketsWithoutLocationQueryOptions(), retry: false });

/** PUT /api/tickets/location: where these tickets were weighed. */
export function useAssignTicketLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ticket_ids: string[]; store_id: string }) => api.put<TicketLocationAssigned>("/api/tickets/location", body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["tickets"] }),
  });
}
