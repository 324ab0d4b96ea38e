import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { EsgReport, ReportFilters } from "../types";

export const getEsgReport = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<EsgReport>("/api/reports/esg", { ...filters }, signal);

export const getEsgReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "esg-report", filters], queryFn: ({ signal }) => getEsgReport(filters, signal) });

export function useEsgReport(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getEsgReportQueryOptions(filters), enabled });
}
