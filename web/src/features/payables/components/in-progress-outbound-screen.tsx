import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState, type FormEvent } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { useTicketChoices } from "@/lib/api/get-active-list-items";
import { useInProgressTickets } from "@/lib/api/get-in-progress-tickets";
import type { Ticket } from "@/lib/api/get-ticket";
import { formatDateTime, formatLbs } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useWeighIn, useWeighOut } from "../api/outbound-loads";
import { usePartners } from "../api/payables";
import "@/components/money/money.css";

const TRUCK = "type_2_truck_scale";
const MAX_LB = 200_000;
const col = createColumnHelper<Ticket>();

/** Where a load stands: weighed in full (tare to take on the way out) or empty (gross to take). */
function stage(t: Ticket): { label: string; missing: "tare" | "gross" } {
  return Number(t.gross_weight) > 0 ? { label: "Weighed in full", missing: "tare" } : { label: "Weighed in empty", missing: "gross" };
}

const plate = (t: Ticket) => {
  const v = (t.vehicle_info ?? {}) as { license_plate?: string; driver_name?: string };
  return [v.license_plate, v.driver_name].filter(Boolean).join(" · ") || "-";
};

/** In-Progress Outbound: truck-scale loads weighed on the way in (empty or full) and saved, each
 * completed with the other weight on the way out; completing issues the bill of lading and the
 * disposal partner's bill when the settings say so. Other outbound drafts are listed below. */
export default function InProgressOutboundScreen() {
  const list = useInProgressTickets();
  const partners = usePartners();
  const [weighingIn, setWeighingIn] = useState(false);
  const [weighingOut, setWeighingOut] = useState<Ticket | null>(null);
  const partnerName = useMemo(() => new Map((partners.data?.disposal_partners ?? []).map((p) => [p.id, p.name])), [partners.data]);
  const all = [...(list.data?.saved_tickets ?? []), ...(list.data?.draft_tickets ?? [])];
  const trucks = all.filter((t) => t.outbound_ticket_type === TRUCK);
  const others = all.filter((t) => t.outbound_ticket_type !== TRUCK);
  const truckColumns = useMemo(() => [
    col.accessor("ticket_number", { header: "Ticket #" }),
    col.accessor((t) => (t.disposal_partner_id ? partnerName.get(t.disposal_partner_id) ?? "-" : "-"), { id: "partner", header: "Disposal Partner" }),
    col.accessor(plate, { id: "truck", header: "Truck" }),
    col.accessor((t) => t.waste_type ?? "", { id: "waste_type", header: "Waste Type" }),
    col.accessor((t) => stage(t).label, { id: "stage", header: "Status", cell: (c) => <Badge tone={c.getValue() === "Weighed in full" ? "blue" : "amber"}>{c.getValue()}</Badge> }),
    col.accessor((t) => (Number(t.gross_weight) > 0 ? t.gross_weight : t.tare_weight), { id: "weighed", header: "Weighed In", cell: (c) => formatLbs(c.getValue()) }),
    col.accessor("updated_at", { header: "Weighed At", cell: (c) => formatDateTime(c.getValue()) }),
    col.display({ id: "action", header: "", cell: (c) => <Button size="sm" onClick={() => setWeighingOut(c.row.original)}>Weigh Out</Button> }),
  ], [partnerName]);
  const otherColumns = useMemo(() => [
    col.accessor("ticket_number", { header: "Ticket #" }),
    col.accessor((t) => t.waste_type ?? "", { id: "waste_type", header: "Waste Type" }),
    col.accessor("status", { header: "Status", cell: (c) => <Badge tone={c.getValue() === "draft" ? "amber" : "blue"}>{c.getValue()}</Badge> }),
    col.accessor("updated_at", { header: "Updated", cell: (c) => formatDateTime(c.getValue()) }),
  ], []);

  if (list.isPending) return <Spinner label="Loading in-progress tickets..." />;
  return (
    <div>
      <h2>In-Progress Outbound</h2>
      <p className="muted">Trucks weighed on the way in and waiting to be weighed out. Completing a load issues its bill of lading and the disposal partner&apos;s bill when the settings say so.</p>
      {list.isError && <Alert kind="error">Failed to fetch in-progress tickets</Alert>}
      <div className="invoice-cards" data-testid="outbound-progress">
        <StatCard label="Trucks on site" value={trucks.length} />
        <StatCard label="Weighed in full" value={trucks.filter((t) => stage(t).missing === "tare").length} />
        <StatCard label="Weighed in empty" value={trucks.filter((t) => stage(t).missing === "gross").length} />
      </div>
      <div className="invoice-filters"><Button onClick={() => setWeighingIn(true)}>Weigh In Truck</Button></div>
      <DataTable data={trucks} columns={truckColumns} getRowId={(t) => t.id} empty="No trucks waiting to be weighed out" caption="Trucks on site" />
      {others.length > 0 && (
        <>
          <h3>Other outbound drafts</h3>
          <DataTable data={others} columns={otherColumns} getRowId={(t) => t.id} empty="No draft tickets" caption="Other outbound drafts" />
        </>
      )}
      {weighingIn && <WeighInDialog onClose={() => setWeighingIn(false)} />}
      {weighingOut && <WeighOutDialog ticket={weighingOut} onClose={() => setWeighingOut(null)} />}
    </div>
  );
}

function weightProblem(value: string, label: string): string | null {
  const n = Number(value);
  if (value.trim() === "" || !(n > 0)) return `${label} is required`;
  if (n > MAX_LB) return "Weight cannot exceed 200,000 lbs";
  return null;
}

function WeighInDialog({ onClose }: { onClose: () => void }) {
  const partners = usePartners();
  const choices = useTicketChoices();
  const weighIn = useWeighIn();
  const [f, setF] = useState({ partner: "", waste_type: "", destination: "", arrives: "full", weight: "", plate: "", driver: "" });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const problem = !f.waste_type ? "Waste type is required" : !f.destination ? "Destination is required" : weightProblem(f.weight, "Weight");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    const weight = f.arrives === "full" ? { gross_weight: f.weight } : { tare_weight: f.weight };
    weighIn.mutate({
      is_inbound: false, outbound_ticket_type: TRUCK, waste_type: f.waste_type, destination: f.destination,
      container_type: "Custom Container", disposal_partner_id: f.partner || null, ...weight,
      vehicle_info: { license_plate: f.plate.trim() || null, driver_name: f.driver.trim() || null },
    }, {
      onSuccess: (t) => { notify({ kind: "success", message: `Ticket ${t.ticket_number} saved: weighed in ${f.arrives} at ${formatLbs(f.weight)}` }); onClose(); },
      onError: (err) => setError(`Error creating ticket: ${err.message}`),
    });
  };
  return (
    <Modal open title="Weigh In Truck" onClose={onClose} locked={weighIn.isPending}>
      <form onSubmit={submit} noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        <SelectField label="Disposal partner" value={f.partner} onChange={set("partner")}>
          <option value="">None</option>
          {(partners.data?.disposal_partners ?? []).filter((p) => p.active).map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </SelectField>
        <SelectField label="Waste type" value={f.waste_type} onChange={set("waste_type")}>
          <option value="">Choose</option>
          {choices.wasteTypes.map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
        </SelectField>
        <SelectField label="Destination" value={f.destination} onChange={set("destination")}>
          <option value="">Choose</option>
          {choices.destinations.map((d) => <option key={d.id} value={d.name}>{d.name}</option>)}
        </SelectField>
        <SelectField label="Truck arrives" value={f.arrives} onChange={set("arrives")}>
          <option value="full">Full (loaded: weigh the tare on the way out)</option>
          <option value="empty">Empty (to be loaded: weigh the gross on the way out)</option>
        </SelectField>
        <TextField label={f.arrives === "full" ? "Gross weight (lbs)" : "Tare weight (lbs)"} type="number" step="0.1" min="0" value={f.weight} onChange={set("weight")} />
        <TextField label="License plate" value={f.plate} maxLength={20} onChange={set("plate")} />
        <TextField label="Driver name" value={f.driver} maxLength={120} onChange={set("driver")} />
        {problem && <p className="field-error" role="alert">{problem}</p>}
        <div className="modal-actions">
          <Button variant="ghost" onClick={onClose} disabled={weighIn.isPending}>Cancel</Button>
          <Button type="submit" busy={weighIn.isPending} busyLabel="Saving..." disabled={problem !== null}>Save Weigh-In</Button>
        </div>
      </form>
    </Modal>
  );
}

function WeighOutDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const weighOut = useWeighOut();
  const { missing, label } = stage(ticket);
  const known = Number(missing === "tare" ? ticket.gross_weight : ticket.tare_weight);
  const [weight, setWeight] = useState("");
  const [error, setError] = useState<string | null>(null);
  const field = missing === "tare" ? "Tare weight (lbs)" : "Gross weight (lbs)";
  const n = Number(weight);
  const problem = weightProblem(weight, missing === "tare" ? "Tare weight" : "Gross weight")
    ?? (missing === "tare" ? (n > known ? "Tare weight cannot exceed gross weight" : null)
      : (n < known ? "Gross weight cannot be less than the tare weight" : null));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    weighOut.mutate({ id: ticket.id, body: missing === "tare" ? { tare_weight: weight } : { gross_weight: weight } }, {
      onSuccess: (t) => { notify({ kind: "success", message: `Ticket ${t.ticket_number} completed: net ${formatLbs(t.net_weight)}` }, 8000); onClose(); },
      onError: (err) => setError(`Error completing ticket: ${err.message}`),
    });
  };
  return (
    <Modal open title={`Weigh Out ${ticket.ticket_number}`} onClose={onClose} locked={weighOut.isPending}>
      <form onSubmit={submit} noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        <p>{label}: {formatLbs(known)} ({plate(ticket)})</p>
        <TextField label={field} type="number" step="0.1" min="0" value={weight} onChange={(e) => setWeight(e.target.value)} />
        {weight !== "" && problem && <p className="field-error" role="alert">{problem}</p>}
        <div className="modal-actions">
          <Button variant="ghost" onClick={onClose} disabled={weighOut.isPending}>Cancel</Button>
          <Button type="submit" busy={weighOut.isPending} busyLabel="Completing..." disabled={problem !== null}>Complete Load</Button>
        </div>
      </form>
    </Modal>
  );
}
