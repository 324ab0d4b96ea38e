import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, Spinner } from "@/components/ui/panel";
import { useInProgressTickets } from "../../api/get-in-progress-tickets";
import type { Ticket } from "../../api/get-ticket";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import { formatDate, formatLbs } from "@/lib/format";
import "../tickets.css";

const col = createColumnHelper<Ticket>();
const typeBadge = col.accessor((t) => (t.is_inbound ? "Inbound" : "Outbound"), {
  id: "type", header: "Type",
  cell: (c) => <Badge tone={c.getValue() === "Inbound" ? "green" : "blue"}>{c.getValue()}</Badge>,
});
const status = col.accessor("status", { header: "Status", cell: (c) => <Badge tone={c.getValue() === "draft" ? "amber" : "blue"}>{c.getValue()}</Badge> });
const wasteType = col.accessor((t) => t.waste_type ?? "", { id: "waste_type", header: "Waste Type" });

/** Server-side draft and saved tickets (spec 3 s2.9). */
export default function InProgressScreen() {
  const { data, isLoading, isError } = useInProgressTickets();
  const [selected, setSelected] = useState<string | null>(null);
  const number = useMemo(() => col.accessor("ticket_number", {
    header: "Ticket #",
    cell: (c) => <button type="button" className="btn-link ticket-link" onClick={() => setSelected(c.row.original.id)}>{c.getValue()}</button>,
  }), []);
  const draftColumns = useMemo(() => [number, typeBadge, wasteType, status,
    col.accessor("created_at", { header: "Created", cell: (c) => formatDate(c.getValue()) })], [number]);
  const savedColumns = useMemo(() => [number, typeBadge, wasteType,
    col.accessor((t) => t, {
      id: "weights", header: "Weights",
      cell: (c) => {
        const t = c.getValue();
        return Number(t.gross_weight) > 0 ? `${formatLbs(t.gross_weight)} / ${formatLbs(t.tare_weight)}` : "Pending";
      },
    }),
    status,
    col.accessor("updated_at", { header: "Updated", cell: (c) => formatDate(c.getValue()) })], [number]);

  if (isLoading) return <Spinner label="Loading in-progress tickets..." />;
  const drafts = data?.draft_tickets ?? [];
  const saved = data?.saved_tickets ?? [];
  return (
    <div className="ticket-screen wide">
      <div>
        <h1>In-Progress Tickets</h1>
        <p className="muted">Draft tickets and saved tickets waiting to be completed.</p>
      </div>
      {isError && <Alert kind="error">Failed to fetch in-progress tickets</Alert>}
      <div className="stat-cards">
        <Card className="stat-card"><div className="stat-label">Draft Tickets</div><div className="stat-value">{drafts.length}</div></Card>
        <Card className="stat-card"><div className="stat-label">Saved Tickets</div><div className="stat-value">{saved.length}</div></Card>
        <Card className="stat-card"><div className="stat-label">Total In-Progress</div><div className="stat-value">{drafts.length + saved.length}</div></Card>
      </div>
      <h2>Draft Tickets</h2>
      <DataTable data={drafts} columns={draftColumns} getRowId={(t) => t.id} empty="No draft tickets" caption="Draft tickets" />
      <h2>Saved Tickets (Ready for Completion)</h2>
      <DataTable data={saved} columns={savedColumns} getRowId={(t) => t.id} empty="No saved tickets" caption="Saved tickets" />
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
