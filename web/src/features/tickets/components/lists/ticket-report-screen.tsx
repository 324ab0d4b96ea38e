import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { Card, Spinner } from "@/components/ui/panel";
import { useTickets } from "../../api/get-tickets";
import { activeFilterCount, dedupeNewestFirst, localDay, type ReportFilters } from "../../lib/ticket-list";
import type { Ticket } from "../../api/get-ticket";
import type { TicketFilters } from "../../api/get-tickets";
import { ExportButtons } from "./export-buttons";
import { reportColumns } from "./ticket-columns";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import { TicketFilterFields } from "./ticket-filter-fields";
import { formatLbs } from "@/lib/format";
import "../tickets.css";

export const emptyFilters = (today: string): ReportFilters => ({
  start_date: today, end_date: today, waste_type: "", destination: "", container_type: "", store_id: "",
});

export function toTicketFilters(f: ReportFilters, limit: number): TicketFilters {
  return { ...f, limit, sort_by: "timestamp", sort_order: "desc" };
}

/** Ticket Report (spec 3 s2.12): today by default, collapsible filters with an active count. */
export default function TicketReportScreen() {
  const today = localDay(new Date());
  const [filters, setFilters] = useState<ReportFilters>(() => emptyFilters(today));
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const query = toTicketFilters(filters, 1000);
  const { data, isLoading, isError, error } = useTickets(query);
  const rows = useMemo(() => dedupeNewestFirst<Ticket>(data ?? []), [data]);
  const count = activeFilterCount(filters, today);
  const total = rows.reduce((s, t) => s + Number(t.net_weight || 0), 0);
  const columns = useMemo(() => reportColumns((t) => setSelected(t.id)), []);

  return (
    <div className="ticket-screen wide">
      <h1>Ticket Report</h1>
      <Card>
        <Button variant="ghost" className="filters-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <span>Filters{count > 0 ? ` (${count} active)` : ""}</span>
          <span aria-hidden="true">{open ? "▲" : "▼"}</span>
        </Button>
        {open && (
          <div className="stack">
            <TicketFilterFields value={filters} onChange={setFilters} />
            <div className="row">
              <Button variant="secondary" onClick={() => setFilters(emptyFilters(today))}>Clear filters</Button>
            </div>
          </div>
        )}
      </Card>
      <div className="portal-head">
        <span className="muted">{rows.length} {rows.length === 1 ? "ticket" : "tickets"} · {formatLbs(total)}</span>
        <ExportButtons filters={{ ...query, limit: undefined }} email />
      </div>
      {isError && <Alert kind="error">{(error as Error).message || "Failed to fetch tickets"}</Alert>}
      {isLoading ? <Spinner label="Loading tickets..." /> : (
        <DataTable data={rows} columns={columns} getRowId={(t) => t.id} empty="No tickets found for the selected criteria" caption="Ticket report" />
      )}
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
