import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type EarReport = components["schemas"]["EarReportRead"];

export const getEarReport = (year: number | undefined, signal?: AbortSignal) =>
  api.get<EarReport>("/api/compliance/ear-report", year ? { year: String(year) } : {}, signal);

export const earReportQueryOptions = (year?: number) =>
  queryOptions({ queryKey: ["compliance", "ear-report", year ?? "latest"], queryFn: ({ signal }) => getEarReport(year, signal) });

export function useEarReport(year?: number) {
  return useQuery(earReportQueryOptions(year));
}
