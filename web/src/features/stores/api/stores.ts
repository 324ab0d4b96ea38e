import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type Store = components["schemas"]["StoreRead"];
export type StoreList = components["schemas"]["StoreList"];
export type StoreUpdate = components["schemas"]["StoreUpdate"];
export type Billing = components["schemas"]["BillingRead"];

/** Locations a page at a time (GET /api/stores?limit&offset); `total` counts them all. */
export const PAGE_SIZE = 100;

export const storesQuery = (offset = 0, limit = PAGE_SIZE) =>
  queryOptions({
    queryKey: ["stores", "list", offset, limit],
    queryFn: ({ signal }) => api.get<StoreList>("/api/stores", { limit, offset }, signal),
  });

export const useStores = (offset = 0, limit = PAGE_SIZE) => useQuery({ ...storesQuery(offset, limit), placeholderData: keepPreviousData });

export const billingQuery = () =>
  queryOptions({ queryKey: ["billing", "calculate"], queryFn: ({ signal }) => api.get<Billing>("/api/billing/calculate", undefined, signal) });

export const useBilling = () => useQuery(billingQuery());

/** Anything counted by a location change: the list, the bill, the plan's used/max, the menus' location list. */
export function useRefreshLocations() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ["stores"] }),
      qc.invalidateQueries({ queryKey: ["billing"] }),
      qc.invalidateQueries({ queryKey: ["subscription", "current"] }),
      qc.invalidateQueries({ queryKey: ["auth", "me"] }),
      qc.invalidateQueries({ queryKey: ["regions"] }),
    ]);
}

export function useUpdateStore() {
  const refresh = useRefreshLocations();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StoreUpdate }) => api.put<Store>(`/api/stores/${id}`, body),
    onSuccess: refresh,
  });
}
