import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { ReportFilters } from "./report-filters";

// The ticket detail rows of the report generator (the basic report limit is 1000, spec 3 s9).
export type ReportTicket = {
  id: string; ticket_number: string; timestamp: string; waste_type: string | null; destination: string | null;
  container_type: string | null; net_weight: number; gross_weight: number; tare_weight: number;
  employee_name: string | null; location?: string | null; store_name?: string | null; is_inbound: boolean;
};

export async function getReportTickets(filters: ReportFilters, signal?: AbortSignal): Promise<ReportTicket[]> {
  const body = await api.get<ReportTicket[] | { tickets: ReportTicket[] }>(
    "/api/tickets", { ...filters, status: "completed", limit: 1000 }, signal);
  return Array.isArray(body) ? body : body.tickets ?? [];
}

export const getReportTicketsQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["tickets", "report", filters], queryFn: ({ signal }) => getReportTickets(filters, signal) });

export function useReportTickets(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getReportTicketsQueryOptions(filters), enabled });
}
