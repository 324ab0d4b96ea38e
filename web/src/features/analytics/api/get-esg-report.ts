import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";
import type { ReportFilters } from "./report-filters";

export type EsgReport = components["schemas"]["EsgReportRead"];

export const getEsgReport = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<EsgReport>("/api/reports/esg", { ...filters }, signal);

export const getEsgReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "esg-report", filters], queryFn: ({ signal }) => getEsgReport(filters, signal) });

export function useEsgReport(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getEsgReportQueryOptions(filters), enabled });
}
