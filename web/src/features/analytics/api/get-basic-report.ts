import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";
import type { ReportFilters } from "./report-filters";

export type BasicReport = components["schemas"]["BasicReportRead"];

export const getBasicReport = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<BasicReport>("/api/reports/basic", { ...filters }, signal);

export const getBasicReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "basic-report", filters], queryFn: ({ signal }) => getBasicReport(filters, signal) });

export function useBasicReport(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getBasicReportQueryOptions(filters), enabled });
}
