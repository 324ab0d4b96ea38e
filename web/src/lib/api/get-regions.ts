import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type Region = components["schemas"]["RegionRead"];
export type RegionList = components["schemas"]["RegionList"];

export function getRegions(signal?: AbortSignal): Promise<RegionList> {
  return api.get<RegionList>("/api/regions", undefined, signal);
}

export const getRegionsQueryOptions = () =>
  queryOptions({ queryKey: ["regions"], queryFn: ({ signal }) => getRegions(signal) });

export function useRegions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRegionsQueryOptions(), ...options });
}
