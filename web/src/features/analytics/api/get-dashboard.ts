import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";
import type { ReportFilters } from "./report-filters";

export type Dashboard = components["schemas"]["DashboardRead"];

export const getDashboard = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<Dashboard>("/api/analytics/dashboard", { ...filters }, signal);

export const getDashboardQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "dashboard", filters], queryFn: ({ signal }) => getDashboard(filters, signal) });

export function useDashboard(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getDashboardQueryOptions(filters), enabled });
}
