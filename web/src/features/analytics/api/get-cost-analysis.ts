import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";
import type { ReportFilters } from "./report-filters";

export type CostAnalysis = components["schemas"]["CostAnalysisRead"];

export const getCostAnalysis = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<CostAnalysis>("/api/reports/cost-analysis", { ...filters }, signal);

export const getCostAnalysisQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "cost-analysis", filters], queryFn: ({ signal }) => getCostAnalysis(filters, signal) });

export function useCostAnalysis(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getCostAnalysisQueryOptions(filters), enabled });
}
