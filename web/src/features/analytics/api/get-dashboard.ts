import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Dashboard, ReportFilters } from "../types";

export const getDashboard = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<Dashboard>("/api/analytics/dashboard", { ...filters }, signal);

export const getDashboardQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "dashboard", filters], queryFn: ({ signal }) => getDashboard(filters, signal) });

export function useDashboard(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getDashboardQueryOptions(filters), enabled });
}
