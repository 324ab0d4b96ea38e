import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Card, Spinner } from "@/components/ui/panel";
import { usePageState } from "@/lib/page-state";
import { useTicketPage } from "../../api/get-tickets";
import { daysAgo, localDay, type ReportFilters } from "../../lib/ticket-list";
import { ExportButtons } from "./export-buttons";
import { searchColumns } from "./ticket-columns";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import { TicketFilterFields } from "./ticket-filter-fields";
import "../tickets.css";

export const FILTER_KEYS = ["start_date", "end_date", "waste_type", "destination", "container_type", "store_id"] as const;

/** The filters a list screen keeps in its URL, as the filter fields edit them. */
export function reportFilters(filters: Record<string, string>): ReportFilters {
  return {
    start_date: filters.start_date ?? "", end_date: filters.end_date ?? "", waste_type: filters.waste_type ?? "",
    destination: filters.destination ?? "", container_type: filters.container_type ?? "", store_id: filters.store_id ?? "",
  };
}

/** Outbound Tickets search (spec 3 s2.11): the last 30 days by default, every ticket of the range a
 * page at a time; filters and page in the URL. The export holds the whole filtered set. */
export default function TicketSearchScreen() {
  const page = usePageState(FILTER_KEYS, { filters: { start_date: daysAgo(30), end_date: localDay(new Date()) } });
  const filters = reportFilters(page.filters);
  const [selected, setSelected] = useState<string | null>(null);
  const query = { ...filters, container_type: "", ticket_type: "outbound" as const, status: "all", limit: page.size, offset: page.offset, sort_by: "timestamp" as const, sort_order: page.order };
  const { data, isLoading, isError, error, isFetching } = useTicketPage(query);
  const columns = useMemo(() => searchColumns((t) => setSelected(t.id)), []);
  const total = data?.total ?? 0;
  return (
    <div className="ticket-screen wide">
      <h1>Outbound Tickets</h1>
      <Card><TicketFilterFields value={filters} onChange={(f) => page.update({ filters: f })} withContainer={false} /></Card>
      <div className="portal-head">
        <span className="muted">{total.toLocaleString("en-US")} {total === 1 ? "ticket" : "tickets"}</span>
        <ExportButtons filters={{ ...query, limit: undefined, offset: undefined }} formats={["csv", "excel"]} email />
      </div>
      {isError && <Alert kind="error">{(error as Error).message || "Failed to fetch tickets"}</Alert>}
      {isLoading ? <Spinner label="Loading tickets..." /> : (
        <DataTable data={data?.tickets ?? []} columns={columns} getRowId={(t) => t.id} empty="No tickets found for the selected criteria" caption="Tickets"
          pager={{ offset: page.offset, size: page.size, total, noun: "tickets", busy: isFetching,
            onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
      )}
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
