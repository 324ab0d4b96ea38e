import { useMemo, useState } from "react";
import { usePageState } from "@/lib/page-state";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/alert";
import { Card, Spinner } from "@/components/ui/panel";
import { useTicketPage } from "../../api/get-tickets";
import { activeFilterCount, localDay, type ReportFilters } from "../../lib/ticket-list";
import type { TicketFilters } from "../../api/get-tickets";
import { ExportButtons } from "./export-buttons";
import { reportColumns } from "./ticket-columns";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import { TicketFilterFields } from "./ticket-filter-fields";
import { FILTER_KEYS, reportFilters } from "./ticket-search-screen";
import { formatLbs } from "@/lib/format";
import "../tickets.css";

export const emptyFilters = (today: string): ReportFilters => ({
  start_date: today, end_date: today, waste_type: "", destination: "", container_type: "", store_id: "",
});

export function toTicketFilters(f: ReportFilters, limit: number, offset = 0): TicketFilters {
  return { ...f, status: "all", limit, offset, sort_by: "timestamp", sort_order: "desc" };
}

/** Ticket Report (spec 3 s2.12): today by default, collapsible filters with an active count; every
 * ticket of the filters a page at a time, filters and page in the URL. */
export default function TicketReportScreen() {
  const today = localDay(new Date());
  const page = usePageState(FILTER_KEYS, { filters: { start_date: today, end_date: today } });
  const filters = reportFilters(page.filters);
  const setFilters = (f: ReportFilters) => page.update({ filters: f });
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const query = toTicketFilters(filters, page.size, page.offset);
  const { data, isLoading, isError, error, isFetching } = useTicketPage(query);
  const rows = data?.tickets ?? [];
  const count = activeFilterCount(filters, today);
  const listed = data?.total ?? 0;
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
        <span className="muted">{listed.toLocaleString("en-US")} {listed === 1 ? "ticket" : "tickets"} · {formatLbs(total)} on this page</span>
        <ExportButtons filters={{ ...query, limit: undefined, offset: undefined }} email />
      </div>
      {isError && <Alert kind="error">{(error as Error).message || "Failed to fetch tickets"}</Alert>}
      {isLoading ? <Spinner label="Loading tickets..." /> : (
        <DataTable data={rows} columns={columns} getRowId={(t) => t.id} empty="No tickets found for the selected criteria" caption="Ticket report"
          pager={{ offset: page.offset, size: page.size, total: listed, noun: "tickets", busy: isFetching,
            onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
      )}
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
