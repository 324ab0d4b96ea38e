import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import type { ReportFilters } from "./report-filters";

// The ticket detail rows of the report generator (the basic report limit is 1000, spec 3 s9):
// the fields of GET /api/tickets' TicketRead that the table shows.
export type ReportTicket = Pick<components["schemas"]["TicketRead"],
  "id" | "ticket_number" | "timestamp" | "waste_type" | "destination" | "container_type" | "net_weight"
  | "gross_weight" | "tare_weight" | "employee_name" | "location" | "store_name" | "is_inbound">;

export async function getReportTickets(filters: ReportFilters, signal?: AbortSignal): Promise<ReportTicket[]> {
  const body = await api.get<components["schemas"]["TicketList"]>(
    "/api/tickets", { ...filters, status: "completed", limit: 1000 }, signal);
  return body.tickets ?? [];
}

export const getReportTicketsQueryOptions = (filters: ReportFilters) =>
  queryOptions({ queryKey: ["tickets", "report", filters], queryFn: ({ signal }) => getReportTickets(filters, signal) });

export function useReportTickets(filters: ReportFilters, enabled = true) {
  return useQuery({ ...getReportTicketsQueryOptions(filters), enabled });
}
