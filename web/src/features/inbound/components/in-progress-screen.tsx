import { useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { LocationPicker } from "@/components/location-picker";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Card, Spinner } from "@/components/ui/panel";
import { api } from "@/lib/api-client";
import { formatDate, formatUsd } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useTicketLocation } from "@/lib/ticket-location";
import { type InboundPreviewRequest, type InboundTicket, useInboundInProgress, useUpdateInboundTicket } from "../api/inbound";
import { PAYMENT_METHODS, type PaymentMethod } from "../lib/wizard";
import { InboundGate } from "@/components/inbound-gate";
import { WeighedLoadPreview } from "./weighed-load-preview";
import "./inbound.css";

type Row = {
  id: string; ticket_number: string; type: "inbound" | "outbound"; waste_type: string | null; status: string;
  gross_weight: number; tare_weight: number; created_at: string | null; updated_at: string | null; inbound?: InboundTicket;
};
type OutboundLists = { draft_tickets: Row[]; saved_tickets: Row[] };
const col = createColumnHelper<Row>();

/** In-Progress Tickets (spec 3 s2.9): draft and saved tickets of both directions; a saved inbound
 * weigh-in is weighed out here. */
export default function InProgressScreen() {
  return <InboundGate><InProgress /></InboundGate>;
}

const toRow = (t: { id: string; ticket_number: string; waste_type?: string | null; status: string; gross_weight: number; tare_weight: number; created_at?: string | null; updated_at?: string | null }, type: Row["type"]): Row => ({
  id: t.id, ticket_number: t.ticket_number, type, waste_type: t.waste_type ?? null, status: t.status,
  gross_weight: t.gross_weight, tare_weight: t.tare_weight, created_at: t.created_at ?? null, updated_at: t.updated_at ?? null,
});

function InProgress() {
  const inbound = useInboundInProgress();
  const outbound = useQuery({
    queryKey: ["tickets", "in-progress"],
    queryFn: ({ signal }) => api.get<OutboundLists>("/api/tickets/in-progress", undefined, signal),
  });
  const [weighOut, setWeighOut] = useState<InboundTicket | null>(null);
  const action = useMemo(() => col.display({
    id: "action", header: "",
    cell: (c) => c.row.original.inbound && c.row.original.status === "saved"
      ? <Button size="sm" onClick={() => setWeighOut(c.row.original.inbound!)}>Weigh Out</Button> : null,
  }), []);
  const base = [
    col.accessor("ticket_number", { header: "Ticket #" }),
    col.accessor("type", { header: "Type", cell: (c) => <Badge tone={c.getValue() === "inbound" ? "green" : "blue"}>{c.getValue()}</Badge> }),
    col.accessor((t) => t.waste_type ?? "", { id: "waste_type", header: "Waste Type" }),
  ];
  const status = col.accessor("status", { header: "Status", cell: (c) => <Badge tone={c.getValue() === "draft" ? "amber" : "blue"}>{c.getValue()}</Badge> });
  const draftColumns = [...base, status, col.accessor("created_at", { header: "Created", cell: (c) => formatDate(c.getValue()) }), action];
  const savedColumns = [...base,
    col.accessor((t) => t, {
      id: "weights", header: "Weights",
      cell: (c) => (c.getValue().gross_weight > 0 ? `${c.getValue().gross_weight.toLocaleString()} / ${c.getValue().tare_weight > 0 ? c.getValue().tare_weight.toLocaleString() : "Pending"}` : "Pending"),
    }),
    status, col.accessor("updated_at", { header: "Updated", cell: (c) => formatDate(c.getValue()) }), action];

  if (inbound.isLoading || outbound.isLoading) return <Spinner label="Loading in-progress tickets..." />;
  const inRows = (list: InboundTicket[]) => list.map((t) => ({ ...toRow(t, "inbound"), inbound: t }));
  const drafts = [...inRows(inbound.data?.draft_tickets ?? []), ...(outbound.data?.draft_tickets ?? []).map((t) => toRow(t, "outbound"))];
  const saved = [...inRows(inbound.data?.saved_tickets ?? []), ...(outbound.data?.saved_tickets ?? []).map((t) => toRow(t, "outbound"))];
  return (
    <div className="inbound-screen">
      <div>
        <h1>In-Progress Tickets</h1>
        <p className="muted">Draft tickets and saved weigh-ins waiting to be completed, inbound and outbound.</p>
      </div>
      {(inbound.isError || outbound.isError) && <Alert kind="error">Failed to fetch in-progress tickets</Alert>}
      <div className="inbound-cards">
        <Card className="inbound-card"><div className="label">Draft Tickets</div><div className="value">{drafts.length}</div></Card>
        <Card className="inbound-card"><div className="label">Saved Tickets</div><div className="value">{saved.length}</div></Card>
        <Card className="inbound-card"><div className="label">Total In-Progress</div><div className="value">{drafts.length + saved.length}</div></Card>
      </div>
      <h2>Draft Tickets</h2>
      <DataTable data={drafts} columns={draftColumns} getRowId={(t) => t.id} empty="No draft tickets" caption="Draft tickets" />
      <h2>Saved Tickets (Ready for Completion)</h2>
      <DataTable data={saved} columns={savedColumns} getRowId={(t) => t.id} empty="No saved tickets" caption="Saved tickets" />
      {weighOut && <WeighOutDialog ticket={weighOut} onClose={() => setWeighOut(null)} />}
    </div>
  );
}

function WeighOutDialog({ ticket, onClose }: { ticket: InboundTicket; onClose: () => void }) {
  const update = useUpdateInboundTicket();
  const [tare, setTare] = useState("");
  const [payment, setPayment] = useState<PaymentMethod>("cash");
  const [error, setError] = useState<string | null>(null);
  const location = useTicketLocation();
  // A weigh-in saved before every ticket had its location takes one when it is weighed out.
  const unlocated = !ticket.store_id;
  const ok = Number(tare) >= 0 && tare !== "" && Number(tare) < ticket.gross_weight && !(unlocated && location.missing);
  const preview: InboundPreviewRequest | null = ok && ticket.customer1_id && ticket.line_items.length > 0 ? {
    customer1_id: ticket.customer1_id, vehicle_id: ticket.vehicle_id, gross_weight: ticket.gross_weight, tare_weight: tare,
    use_stored_tare: false,
    line_items: ticket.line_items.map((li) => ({
      waste_type: li.waste_type, quantity: li.declared_quantity ?? li.quantity,
      unit: (li.declared_unit ?? li.unit) as InboundPreviewRequest["line_items"][number]["unit"],
    })),
  } : null;
  const complete = async () => {
    try {
      const body = { tare_weight: tare, payment_method: payment, status: "completed", ...(unlocated ? { store_id: location.storeId } : {}) };
      const t = await update.mutateAsync({ id: ticket.id, body: body as never });
      notify({ kind: "success", message: `Ticket ${t.ticket_number} completed: ${formatUsd(t.total_amount)}` }, 8000);
      onClose();
    } catch (e) {
      setError(`Error creating ticket: ${(e as Error).message}`);
    }
  };
  return (
    <Modal open title={`Weigh Out ${ticket.ticket_number}`} onClose={onClose} footer={
      <><Button variant="secondary" onClick={onClose}>Cancel</Button>
        <Button disabled={!ok} busy={update.isPending} onClick={() => void complete()}>Complete Transaction</Button></>
    }>
      <p>{ticket.customer1?.customer_name} · gross {ticket.gross_weight.toLocaleString()} lbs</p>
      {error && <Alert kind="error">{error}</Alert>}
      {unlocated && <LocationPicker choices={location.choices} value={location.storeId} onChange={location.choose} />}
      <TextField label="Tare weight (lbs)" type="number" step="0.1" min="0" value={tare} onChange={(e) => setTare(e.target.value)} />
      <SelectField label="Payment method" value={payment} onChange={(e) => setPayment(e.target.value as PaymentMethod)}>
        {PAYMENT_METHODS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </SelectField>
      <WeighedLoadPreview body={preview} />
    </Modal>
  );
}
