import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Card, Spinner } from "@/components/ui/panel";
import { useTickets } from "../../api/get-tickets";
import { daysAgo, dedupeNewestFirst, localDay, type ReportFilters } from "../../lib/ticket-list";
import type { Ticket } from "../../api/get-ticket";
import { ExportButtons } from "./export-buttons";
import { searchColumns } from "./ticket-columns";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import { TicketFilterFields } from "./ticket-filter-fields";
import "../tickets.css";

/** Outbound Tickets search (spec 3 s2.11): the last 30 days by default, 100 rows. */
export default function TicketSearchScreen() {
  const [filters, setFilters] = useState<ReportFilters>(() => ({
    start_date: daysAgo(30), end_date: localDay(new Date()), waste_type: "", destination: "", container_type: "", store_id: "",
  }));
  const [selected, setSelected] = useState<string | null>(null);
  const query = { ...filters, container_type: "", ticket_type: "outbound" as const, status: "all", limit: 100, sort_by: "timestamp" as const, sort_order: "desc" as const };
  const { data, isLoading, isError, error } = useTickets(query);
  const rows = useMemo(() => dedupeNewestFirst<Ticket>(data ?? []), [data]);
  const columns = useMemo(() => searchColumns((t) => setSelected(t.id)), []);
  return (
    <div className="ticket-screen wide">
      <h1>Outbound Tickets</h1>
      <Card><TicketFilterFields value={filters} onChange={setFilters} withContainer={false} /></Card>
      <div className="portal-head">
        <span className="muted">{rows.length} {rows.length === 1 ? "ticket" : "tickets"}</span>
        <ExportButtons filters={{ ...query, status: undefined, limit: undefined }} formats={["csv", "excel"]} email />
      </div>
      {isError && <Alert kind="error">{(error as Error).message || "Failed to fetch tickets"}</Alert>}
      {isLoading ? <Spinner label="Loading tickets..." /> : (
        <DataTable data={rows} columns={columns} getRowId={(t) => t.id} empty="No tickets found for the selected criteria" caption="Tickets" />
      )}
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
