import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type ComplianceDashboard = components["schemas"]["ComplianceDashboardRead"];
export type LocationCompliance = components["schemas"]["LocationCompliance"];

export const getComplianceDashboard = (year: number | undefined, signal?: AbortSignal) =>
  api.get<ComplianceDashboard>("/api/compliance/dashboard", year ? { year: String(year) } : {}, signal);

export const complianceDashboardQueryOptions = (year?: number) =>
  queryOptions({ queryKey: ["compliance", "dashboard", year ?? "latest"], queryFn: ({ signal }) => getComplianceDashboard(year, signal) });

export function useComplianceDashboard(year?: number, enabled = true) {
  return useQuery({ ...complianceDashboardQueryOptions(year), enabled });
}
