import { createColumnHelper } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { statusTone } from "../../lib/ticket-list";
import { t } from "@/lib/i18n";
import { ticketMethodKey } from "@/lib/ticket-method";
import type { Ticket } from "@/lib/api/get-ticket";
import { formatDateTime, formatLbs } from "@/lib/format";
import { statusBadge } from "@/lib/ticket-status";

const col = createColumnHelper<Ticket>();

const numberColumn = (onOpen: (t: Ticket) => void) =>
  col.accessor("ticket_number", {
    header: () => t("columns.number"),
    cell: (c) => (
      <button type="button" className="btn-link ticket-link" onClick={(e) => { e.stopPropagation(); onOpen(c.row.original); }}>
        {c.getValue()}
      </button>
    ),
  });

const when = col.accessor((row) => row.ticket_at ?? row.timestamp, { id: "date", header: () => t("columns.when"), cell: (c) => formatDateTime(c.getValue()) });
const weight = col.accessor("net_weight", { header: () => t("columns.weight"), cell: (c) => formatLbs(c.getValue()) });
const container = col.accessor((row) => row.container_type ?? row.container_used?.name ?? "", { id: "container", header: () => t("columns.container") });
const destination = col.accessor((row) => row.destination ?? "", { id: "destination", header: () => t("columns.destination") });
const wasteType = col.accessor((row) => row.waste_type ?? "", { id: "waste_type", header: () => t("columns.wasteType") });
const location = col.accessor((row) => row.location ?? row.store_name ?? "", { id: "location", header: () => t("ticket.location") });
const employee = col.accessor((row) => row.employee_name ?? "", { id: "employee", header: () => t("ticket.employee") });
const status = col.accessor("status", {
  header: () => t("ticket.status"),
  cell: (c) => {
    return <Badge tone={statusBadge(statusTone(c.getValue()))}>{t(`status.${c.getValue()}`, { defaultValue: c.getValue() })}</Badge>;
  },
});

/** My Ticket History (spec 2 s2.3). */
export const historyColumns = (onOpen: (t: Ticket) => void) => [
  numberColumn(onOpen), when, weight, container, destination, wasteType,
  col.accessor((row) => t(`method.${ticketMethodKey(row)}`), { id: "method", header: () => t("columns.method") }),
];

/** Ticket search (spec 3 s2.11). */
export const searchColumns = (onOpen: (t: Ticket) => void) => [numberColumn(onOpen), when, wasteType, destination, weight, location, status];

/** Ticket Report (spec 3 s2.12): Date/Time, Ticket #, Waste Type, Container, Destination, Weight, Location, Employee. */
export const reportColumns = (onOpen: (t: Ticket) => void) => [when, numberColumn(onOpen), wasteType, container, destination, weight, location, employee];
