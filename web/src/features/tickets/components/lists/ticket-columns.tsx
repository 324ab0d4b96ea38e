import { createColumnHelper } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { statusTone } from "../../lib/ticket-list";
import { ticketMethodLabel } from "@/lib/ticket-method";
import type { Ticket } from "../../api/get-ticket";
import { formatDateTime, formatLbs } from "@/lib/format";
import { statusBadge } from "@/lib/ticket-status";

const col = createColumnHelper<Ticket>();

const numberColumn = (onOpen: (t: Ticket) => void) =>
  col.accessor("ticket_number", {
    header: "Ticket #",
    cell: (c) => (
      <button type="button" className="btn-link ticket-link" onClick={(e) => { e.stopPropagation(); onOpen(c.row.original); }}>
        {c.getValue()}
      </button>
    ),
  });

const when = col.accessor((t) => t.ticket_at ?? t.timestamp, { id: "date", header: "Date/Time", cell: (c) => formatDateTime(c.getValue()) });
const weight = col.accessor("net_weight", { header: "Weight", cell: (c) => formatLbs(c.getValue()) });
const container = col.accessor((t) => t.container_type ?? t.container_used?.name ?? "", { id: "container", header: "Container" });
const destination = col.accessor((t) => t.destination ?? "", { id: "destination", header: "Destination" });
const wasteType = col.accessor((t) => t.waste_type ?? "", { id: "waste_type", header: "Waste Type" });
const location = col.accessor((t) => t.location ?? t.store_name ?? "", { id: "location", header: "Location" });
const employee = col.accessor((t) => t.employee_name ?? "", { id: "employee", header: "Employee" });
const status = col.accessor("status", {
  header: "Status",
  cell: (c) => {
    return <Badge tone={statusBadge(statusTone(c.getValue()))}>{c.getValue()}</Badge>;
  },
});

/** My Ticket History (spec 2 s2.3). */
export const historyColumns = (onOpen: (t: Ticket) => void) => [
  numberColumn(onOpen), when, weight, container, destination, wasteType,
  col.accessor((t) => ticketMethodLabel(t), { id: "method", header: "Method" }),
];

/** Ticket search (spec 3 s2.11). */
export const searchColumns = (onOpen: (t: Ticket) => void) => [numberColumn(onOpen), when, wasteType, destination, weight, location, status];

/** Ticket Report (spec 3 s2.12): Date/Time, Ticket #, Waste Type, Container, Destination, Weight, Location, Employee. */
export const reportColumns = (onOpen: (t: Ticket) => void) => [when, numberColumn(onOpen), wasteType, container, destination, weight, location, employee];
