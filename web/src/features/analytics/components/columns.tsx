import { formatDateTime, formatPercent } from "@/lib/format";
import type { ColumnDef } from "@tanstack/react-table";
import type { ReportTicket } from "../api/get-report-tickets";
import { num, usd } from "../lib/conversions";
import type { components } from "@/client/schema";
import type { CostAnalysis } from "../api/get-cost-analysis";

type BreakdownRow = components["schemas"]["BreakdownRow"];

// Cells show figures formatted (one decimal for lb, dollars and cents for USD); sorting stays numeric.
const weight = (v: unknown) => num(Number(v));
const money = (v: unknown) => usd(Number(v));

export const ticketColumns: ColumnDef<ReportTicket, unknown>[] = [
  { header: "Date/Time", accessorFn: (t) => t.timestamp, id: "timestamp", cell: (c) => formatDateTime(c.getValue() as string) },
  { header: "Ticket #", accessorKey: "ticket_number" },
  { header: "Waste Type", accessorFn: (t) => t.waste_type ?? "", id: "waste_type" },
  { header: "Container", accessorFn: (t) => t.container_type ?? "", id: "container" },
  { header: "Destination", accessorFn: (t) => t.destination ?? "", id: "destination" },
  { header: "Weight (lb)", accessorKey: "net_weight", cell: (c) => weight(c.getValue()) },
  { header: "Location", accessorFn: (t) => t.store_name ?? t.location ?? "", id: "location" },
  { header: "Employee", accessorFn: (t) => t.employee_name ?? "", id: "employee" },
];

export const breakdownColumns: ColumnDef<BreakdownRow, unknown>[] = [
  { header: "Name", accessorFn: (r) => r.name ?? "Not recorded", id: "name" },
  { header: "Tickets", accessorKey: "ticket_count" },
  { header: "Net lb", accessorKey: "net_weight", cell: (c) => weight(c.getValue()) },
  { header: "% of weight", accessorKey: "percentage", cell: (c) => formatPercent(c.getValue() as number) },
];

export const locationSavingsColumns: ColumnDef<CostAnalysis["savings_by_location"][number], unknown>[] = [
  { header: "Location", accessorKey: "location" },
  { header: "Total lb", accessorKey: "total_weight", cell: (c) => weight(c.getValue()) },
  { header: "Diverted lb", accessorKey: "diverted_weight", cell: (c) => weight(c.getValue()) },
  { header: "Cost saved (USD)", accessorKey: "cost_saved", cell: (c) => money(c.getValue()) },
];
