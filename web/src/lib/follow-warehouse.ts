import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "@/lib/api-client";

/**
 * Open report screens follow the warehouse: every 5 s (paused while the tab is hidden, React
 * Query's default) they ask GET /api/analytics/refreshed, a few bytes, and reload their figures
 * only when a new warehouse was published. A new ticket shows without a reload, and a phone on
 * bad Wi-Fi does not fetch whole reports that have not changed.
 */
export const WAREHOUSE_WATCH_MS = 5_000;

export type WarehouseRefresh = { last_refreshed_at: string | null };

export const getWarehouseRefreshed = (signal?: AbortSignal) =>
  api.get<WarehouseRefresh>("/api/analytics/refreshed", {}, signal);

// Not under a feature's key: reloading the figures must not reload this watch.
export const warehouseRefreshedQueryOptions = () =>
  queryOptions({ queryKey: ["warehouse-refreshed"], queryFn: ({ signal }) => getWarehouseRefreshed(signal), refetchInterval: WAREHOUSE_WATCH_MS });

/** Reload every query under `queryKey` when the warehouse behind them is published anew. */
export function useFollowWarehouse(queryKey: readonly unknown[] = ["analytics"]) {
  const queryClient = useQueryClient();
  const { data } = useQuery(warehouseRefreshedQueryOptions());
  const seen = useRef<string | null | undefined>(undefined);
  const at = data?.last_refreshed_at;
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (data === undefined) return;
    if (seen.current !== undefined && seen.current !== at) {
      void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    }
    seen.current = at;
  }, [data, at, key, queryClient]);
}
