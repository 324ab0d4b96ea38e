import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BasicReport, ReportFilters } from "../types";

export const getBasicReport = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<BasicReport>("/api/reports/basic", { ...filters }, signal);

export const getBasicReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "basic-report", filters], queryFn: ({ signal }) => getBasicReport(filters, signal) });

export function useBasicReport(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getBasicReportQueryOptions(filters), enabled });
}
