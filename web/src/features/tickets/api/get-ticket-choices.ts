import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { ListItem } from "../types";

// The ticket dropdowns read the active items of the reference lists, in their sort order.
type ListPath = "waste-types" | "destination-types" | "container-types";
const ENVELOPE: Record<ListPath, string> = {
  "waste-types": "waste_types",
  "destination-types": "destination_types",
  "container-types": "container_types",
};

export async function getActiveListItems(path: ListPath, signal?: AbortSignal): Promise<ListItem[]> {
  const body = await api.get<Record<string, ListItem[]>>(`/api/${path}`, { active_only: true }, signal);
  const items = (Array.isArray(body) ? body : body[ENVELOPE[path]]) ?? [];
  return [...items].filter((i) => i.is_active !== false).sort((a, b) => a.sort_order - b.sort_order);
}

export const getActiveListItemsQueryOptions = (path: ListPath) =>
  queryOptions({
    queryKey: ["ticket-choices", path],
    queryFn: ({ signal }) => getActiveListItems(path, signal),
    staleTime: 5 * 60_000,
  });

/** Waste types, destinations and containers for a ticket form; failures leave empty lists. */
export function useTicketChoices() {
  const wasteTypes = useQuery(getActiveListItemsQueryOptions("waste-types"));
  const destinations = useQuery(getActiveListItemsQueryOptions("destination-types"));
  const containers = useQuery(getActiveListItemsQueryOptions("container-types"));
  return {
    wasteTypes: wasteTypes.data ?? [],
    destinations: destinations.data ?? [],
    containers: containers.data ?? [],
    loading: wasteTypes.isLoading || destinations.isLoading || containers.isLoading,
  };
}
