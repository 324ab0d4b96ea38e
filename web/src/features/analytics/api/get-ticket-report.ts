import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";
import type { ReportFilters } from "./report-filters";

export type TicketReport = components["schemas"]["TicketReportRead"];

export const getTicketReport = (filters: ReportFilters, signal?: AbortSignal) =>
  api.get<TicketReport>("/api/reports/tickets", { ...filters, include_breakdowns: true }, signal);

export const getTicketReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["analytics", "ticket-report", filters], queryFn: ({ signal }) => getTicketReport(filters, signal) });

export function useTicketReport(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getTicketReportQueryOptions(filters), enabled });
}
