import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import type { ReportTicket } from "../api/get-report-tickets";
import { ticketColumns } from "./columns";

/** The report generator's ticket rows; a row (or its ticket number) opens the ticket detail with Print. */
export function ReportTicketTable({ tickets }: { tickets: ReportTicket[] }) {
  const [selected, setSelected] = useState<string | null>(null);
  // The ticket number is a button so the detail opens from the keyboard too.
  const columns: ColumnDef<ReportTicket, unknown>[] = ticketColumns.map((c) =>
    "accessorKey" in c && c.accessorKey === "ticket_number"
      ? {
          ...c,
          cell: (cell) => (
            <button type="button" className="btn-link ticket-link"
              onClick={(e) => { e.stopPropagation(); setSelected(cell.row.original.id); }}>
              {String(cell.getValue())}
            </button>
          ),
        }
      : c);
  return (
    <>
      <DataTable data={tickets} columns={columns} empty="No tickets match these filters." getRowId={(t) => t.id}
        onRowClick={(t) => setSelected(t.id)} />
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
