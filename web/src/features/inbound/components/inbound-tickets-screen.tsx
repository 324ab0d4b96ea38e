import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { usePageState } from "@/lib/page-state";
import { ListExportButtons } from "@/components/busy/list-export-buttons";
import { formatDateTime } from "@/lib/format";
import { useCustomers } from "@/lib/api/get-customers";
import { type InboundTicket, useInboundTickets } from "../api/inbound";
import { InboundGate } from "@/components/inbound-gate";
import { InboundTicketModal, usd } from "./inbound-ticket-print";
import "./inbound.css";

const col = createColumnHelper<InboundTicket>();

export default function InboundTicketsScreen() {
  return <InboundGate><Tickets /></InboundGate>;
}

function Tickets() {
  const page = usePageState(["start_date", "end_date", "customer_id"]);
  const filters = { start_date: page.filters.start_date ?? "", end_date: page.filters.end_date ?? "", customer_id: page.filters.customer_id ?? "" };
  const setFilters = (f: typeof filters) => page.update({ filters: f });
  // The list and the four statistics are the ledger's: a completed load shows on the next read.
  const { data, isLoading, isError, error, isFetching } = useInboundTickets({ ...filters, limit: String(page.size), offset: String(page.offset) });
  const customers = useCustomers();
  const [selected, setSelected] = useState<InboundTicket | null>(null);
  const columns = useMemo(() => [
    col.accessor("ticket_number", {
      header: "Ticket #",
      cell: (c) => <button type="button" className="btn-link ticket-link" onClick={() => setSelected(c.row.original)}>{c.getValue()}</button>,
    }),
    col.accessor("ticket_at", { header: "Date", cell: (c) => formatDateTime(c.getValue()) }),
    col.accessor((t) => t.customer1?.customer_name ?? "N/A", {
      id: "customer", header: "Customer",
      cell: (c) => <div>{c.getValue()}{c.row.original.customer2 && <div className="muted">Hauler: {c.row.original.customer2.customer_name}</div>}</div>,
    }),
    col.accessor("net_weight", { header: "Weight", cell: (c) => `${c.getValue().toLocaleString()} lbs` }),
    col.accessor("total_amount", { header: "Amount", cell: (c) => usd(c.getValue()) }),
    col.accessor((t) => t.payment_method ?? "", { id: "payment", header: "Payment Method" }),
  ], []);
  const set = (k: keyof typeof filters, v: string) => setFilters({ ...filters, [k]: v });
  return (
    <div className="inbound-screen">
      <h1>Inbound Ticket Management</h1>
      <div className="toolbar">
        <TextField label="From" type="date" value={filters.start_date} onChange={(e) => set("start_date", e.target.value)} />
        <TextField label="To" type="date" value={filters.end_date} onChange={(e) => set("end_date", e.target.value)} />
        <SelectField label="Customer" value={filters.customer_id} onChange={(e) => set("customer_id", e.target.value)}>
          <option value="">All customers</option>
          {(customers.data?.customers ?? []).map((c) => <option key={c.id} value={c.id}>{c.customer_name}</option>)}
        </SelectField>
        <Button variant="secondary" onClick={() => setFilters({ start_date: "", end_date: "", customer_id: "" })}>Clear</Button>
        <ListExportButtons path="/api/inbound/tickets/export" filters={filters} name="inbound_tickets" label="Export inbound tickets" />
      </div>
      {isError && <Alert kind="error">{(error as Error).message || "Failed to fetch tickets"}</Alert>}
      {isLoading ? <Spinner label="Loading inbound tickets..." /> : (
        <>
          <div className="inbound-cards">
            <Card className="inbound-card"><div className="label">Total Tickets</div><div className="value">{data?.total_tickets ?? 0}</div></Card>
            <Card className="inbound-card"><div className="label">Total Revenue</div><div className="value">{usd(data?.total_revenue ?? 0)}</div></Card>
            <Card className="inbound-card"><div className="label">Total Weight</div><div className="value">{(data?.total_weight_lbs ?? 0).toLocaleString()} lbs</div></Card>
            <Card className="inbound-card"><div className="label">Today's Tickets</div><div className="value">{data?.today_count ?? 0}</div></Card>
          </div>
          <DataTable data={data?.tickets ?? []} columns={columns} getRowId={(t) => t.id} empty="No inbound tickets found" caption="Inbound tickets"
            pager={{ offset: page.offset, size: page.size, total: data?.total ?? 0, noun: "inbound tickets", busy: isFetching,
              onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
        </>
      )}
      <InboundTicketModal ticket={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
