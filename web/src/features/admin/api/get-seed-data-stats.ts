import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type SeedDataStats = components["schemas"]["SeedDataStats"];

export function getSeedDataStats(signal?: AbortSignal): Promise<SeedDataStats> {
  return api.get<SeedDataStats>("/api/admin/seed-data-stats", undefined, signal);
}

export const getSeedDataStatsQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "seed-data-stats"], queryFn: ({ signal }) => getSeedDataStats(signal) });

export function useSeedDataStats() {
  return useQuery(getSeedDataStatsQueryOptions());
}
