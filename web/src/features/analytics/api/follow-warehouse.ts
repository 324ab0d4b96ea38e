import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "@/lib/api-client";
import { WAREHOUSE_WATCH_MS } from "../lib/live";

export type WarehouseRefresh = { last_refreshed_at: string | null };

export const getWarehouseRefreshed = (signal?: AbortSignal) =>
  api.get<WarehouseRefresh>("/api/analytics/refreshed", {}, signal);

// Not under ["analytics"]: reloading the figures must not reload this watch.
export const warehouseRefreshedQueryOptions = () =>
  queryOptions({ queryKey: ["warehouse-refreshed"], queryFn: ({ signal }) => getWarehouseRefreshed(signal), refetchInterval: WAREHOUSE_WATCH_MS });

/** Reload every analytics query when the warehouse behind them is published anew. */
export function useFollowWarehouse() {
  const queryClient = useQueryClient();
  const { data } = useQuery(warehouseRefreshedQueryOptions());
  const seen = useRef<string | null | undefined>(undefined);
  const at = data?.last_refreshed_at;
  useEffect(() => {
    if (data === undefined) return;
    if (seen.current !== undefined && seen.current !== at) {
      void queryClient.invalidateQueries({ queryKey: ["analytics"] });
    }
    seen.current = at;
  }, [data, at, queryClient]);
}
