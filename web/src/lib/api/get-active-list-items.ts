import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";
import type { components } from "@/client/schema";

type Schemas = components["schemas"];
/** An active item of the waste type, destination or container list, as the ticket forms use it. */
export type ListItem = Pick<Schemas["WasteTypeRead"], "id" | "name" | "is_active" | "sort_order"> &
  Partial<Pick<Schemas["ContainerTypeRead"], "tare_weight_lbs" | "capacity_gallons">> &
  Partial<Pick<Schemas["DestinationTypeRead"], "is_diversion">>;

// The ticket dropdowns read the active items of the reference lists, in their sort order.
type ListPath = "waste-types" | "destination-types" | "container-types";
const ENVELOPE: Record<ListPath, string> = {
  "waste-types": "waste_types",
  "destination-types": "destination_types",
  "container-types": "container_types",
};

// The last lists seen are kept so a ticket can still be made after an offline reload.
const cacheKey = (path: ListPath) => `flow.ticketChoices.${path}`;

export async function getActiveListItems(path: ListPath, signal?: AbortSignal): Promise<ListItem[]> {
  let body: Record<string, ListItem[]> | ListItem[];
  try {
    body = await api.get<Record<string, ListItem[]>>(`/api/${path}`, { active_only: true }, signal);
  } catch (err) {
    const cached = err instanceof ApiError && err.status === 0 ? localStorage.getItem(cacheKey(path)) : null;
    if (cached) return JSON.parse(cached) as ListItem[];
    throw err;
  }
  const items = (Array.isArray(body) ? body : body[ENVELOPE[path]]) ?? [];
  const active = [...items].filter((i) => i.is_active !== false).sort((a, b) => a.sort_order - b.sort_order);
  localStorage.setItem(cacheKey(path), JSON.stringify(active));
  return active;
}

export const getActiveListItemsQueryOptions = (path: ListPath) =>
  queryOptions({
    queryKey: ["ticket-choices", path],
    queryFn: ({ signal }) => getActiveListItems(path, signal),
    staleTime: 5 * 60_000,
    // Offline the query still runs so the lists kept on this device are used.
    networkMode: "always",
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
