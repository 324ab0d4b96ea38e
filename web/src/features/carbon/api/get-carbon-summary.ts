import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type CarbonSummary = components["schemas"]["CarbonSummaryRead"];

export const getCarbonSummary = (period: string, signal?: AbortSignal) =>
  api.get<CarbonSummary>("/api/carbon-credits/summary", { period }, signal);

export const carbonSummaryQueryOptions = (period: string) =>
  queryOptions({ queryKey: ["carbon", "summary", period], queryFn: ({ signal }) => getCarbonSummary(period, signal) });

export function useCarbonSummary(period: string) {
  return useQuery(carbonSummaryQueryOptions(period));
}
