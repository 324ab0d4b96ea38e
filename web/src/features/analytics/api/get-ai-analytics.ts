import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";
import type { ReportFilters } from "./report-filters";

export type AiAnalytics = components["schemas"]["AiAnalyticsRead"];
export type AiNarrative = components["schemas"]["AiNarrativeRead"];

/** GET /api/reports/ai-analytics (enterprise): figures from the AI marts, recommendations by rule. */
export const getAiAnalytics = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<AiAnalytics>("/api/reports/ai-analytics", { ...filters }, signal);

/** GET /api/reports/ai-analytics/narrative: the model's summary, or status "off" without a key. */
export const getAiNarrative = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<AiNarrative>("/api/reports/ai-analytics/narrative", { ...filters }, signal);

export function useAiAnalytics(filters: ReportFilters) {
  return useQuery({ queryKey: ["analytics", "ai-analytics", filters], queryFn: ({ signal }) => getAiAnalytics(filters, signal) });
}

export function useAiNarrative(filters: ReportFilters, enabled: boolean) {
  return useQuery({
    queryKey: ["analytics", "ai-analytics", "narrative", filters],
    queryFn: ({ signal }) => getAiNarrative(filters, signal),
    enabled, staleTime: 5 * 60_000, retry: false,
  });
}
