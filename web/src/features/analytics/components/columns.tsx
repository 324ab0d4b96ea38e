import { formatDateTime } from "@/lib/format";
import type { ColumnDef } from "@tanstack/react-table";
import type { ReportTicket } from "../api/get-report-tickets";
import type { BreakdownRow, CostAnalysis } from "../types";

export const ticketColumns: ColumnDef<ReportTicket, unknown>[] = [
  { header: "Date/Time", accessorFn: (t) => formatDateTime(t.timestamp), id: "timestamp" },
  { header: "Ticket #", accessorKey: "ticket_number" },
  { header: "Waste Type", accessorFn: (t) => t.waste_type ?? "", id: "waste_type" },
  { header: "Container", accessorFn: (t) => t.container_type ?? "", id: "container" },
  { header: "Destination", accessorFn: (t) => t.destination ?? "", id: "destination" },
  { header: "Weight (lb)", accessorKey: "net_weight" },
  { header: "Location", accessorFn: (t) => t.store_name ?? t.location ?? "", id: "location" },
  { header: "Employee", accessorFn: (t) => t.employee_name ?? "", id: "employee" },
];

export const breakdownColumns: ColumnDef<BreakdownRow, unknown>[] = [
  { header: "Name", accessorKey: "name" },
  { header: "Tickets", accessorKey: "ticket_count" },
  { header: "Net lb", accessorKey: "net_weight" },
  { header: "% of weight", accessorKey: "percentage" },
];

export const locationSavingsColumns: ColumnDef<CostAnalysis["savings_by_location"][number], unknown>[] = [
  { header: "Location", accessorKey: "location" },
  { header: "Total lb", accessorKey: "total_weight" },
  { header: "Diverted lb", accessorKey: "diverted_weight" },
  { header: "Cost saved (USD)", accessorKey: "cost_saved" },
];
