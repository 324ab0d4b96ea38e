import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type AccountStats = components["schemas"]["AccountStats"];

export function getAccountStats(signal?: AbortSignal): Promise<AccountStats> {
  return api.get<AccountStats>("/api/admin/account-stats", undefined, signal);
}

export const getAccountStatsQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "account-stats"], queryFn: ({ signal }) => getAccountStats(signal) });

export function useAccountStats() {
  return useQuery(getAccountStatsQueryOptions());
}
