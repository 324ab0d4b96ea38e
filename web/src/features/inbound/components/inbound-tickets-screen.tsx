import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { useFollowWarehouse } from "@/lib/follow-warehouse";
import { formatDateTime } from "@/lib/format";
import { type InboundTicket, useCustomers, useInboundTickets } from "../api/inbound";
import { InboundGate } from "./inbound-gate";
import { InboundTicketModal, usd } from "./inbound-ticket-print";
import "./inbound.css";

const col = createColumnHelper<InboundTicket>();

export default function InboundTicketsScreen() {
  return <InboundGate><Tickets /></InboundGate>;
}

function Tickets() {
  const [filters, setFilters] = useState({ start_date: "", end_date: "", customer_id: "" });
  const { data, isLoading, isError, error } = useInboundTickets(filters);
  // The four statistics come from the warehouse: reload when a refresh is published.
  useFollowWarehouse(["inbound", "tickets"]);
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
  const set = (k: keyof typeof filters, v: string) => setFilters((f) => ({ ...f, [k]: v }));
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
          {data?.last_refreshed_at && <p className="muted">Statistics as of {formatDateTime(data.last_refreshed_at)}</p>}
          <DataTable data={data?.tickets ?? []} columns={columns} getRowId={(t) => t.id} empty="No inbound tickets found" caption="Inbound tickets" />
        </>
      )}
      <InboundTicketModal ticket={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
