import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type InProgressTickets = components["schemas"]["InProgressTickets"];

export const getInProgressTickets = (signal?: AbortSignal) =>
  api.get<InProgressTickets>("/api/tickets/in-progress", undefined, signal);

export const getInProgressTicketsQueryOptions = () =>
  queryOptions({ queryKey: ["tickets", "in-progress"], queryFn: ({ signal }) => getInProgressTickets(signal) });

export const useInProgressTickets = () => useQuery(getInProgressTicketsQueryOptions());
