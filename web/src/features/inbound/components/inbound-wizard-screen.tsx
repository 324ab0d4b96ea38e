import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Card } from "@/components/ui/panel";
import { LazyPlateCameraModal } from "@/components/plate-camera/lazy-plate-camera-modal";
import type { PlateScanOutcome } from "@/components/plate-camera/plate-scan";
import { LocationPicker } from "@/components/location-picker";
import { notify } from "@/lib/notify";
import { systemSettingsQueryOptions } from "@/lib/session";
import { LOCATION_REQUIRED, useTicketLocation } from "@/lib/ticket-location";
import { type Customer, lookupPlate, useCreateInboundTicket, useCustomers, useWasteTypes } from "../api/inbound";
import {
  canComplete, canLeave, emptyLine, estimatedQuantity, initialState, LINE_UNITS, MESSAGES, PAYMENT_METHODS, previewRequest,
  removeLine, STEPS, successMessage, ticketPayload, type Line, type WizardState,
} from "../lib/wizard";
import { CustomerDialog } from "./customers-screen";
import { InboundGate } from "./inbound-gate";
import { WeighedLoadPreview } from "./weighed-load-preview";
import "./inbound.css";

export default function InboundWizardScreen() {
  return <InboundGate><Wizard /></InboundGate>;
}

const newClientId = () => crypto.randomUUID();

function Wizard() {
  const [s, setS] = useState<WizardState>(initialState);
  const [lookupMsg, setLookupMsg] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [newCustomer, setNewCustomer] = useState<{ name: string; hauler: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  // One client id per weighing: a double-tapped Complete sends the same id and charges once.
  const clientId = useRef(newClientId());
  const customers = useCustomers();
  const wasteTypes = useWasteTypes();
  const settings = useQuery(systemSettingsQueryOptions());
  const multistep = settings.data?.inbound_multistep_weighing_enabled === true;
  const create = useCreateInboundTicket();
  const location = useTicketLocation();
  const set = (patch: Partial<WizardState>) => setS((x) => ({ ...x, ...patch }));
  const active = (customers.data?.customers ?? []).filter((c) => c.active);
  const payees = active.filter((c) => !c.is_hauler);
  const haulers = active.filter((c) => c.is_hauler);

  const lookup = async (plate = s.plate, jump = false) => {
    if (!plate.trim()) return;
    setLooking(true);
    setLookupMsg(null);
    setNotFound(false);
    try {
      const r = await lookupPlate(plate);
      if (r.found && r.vehicle) {
        set({
          plate: r.license_plate, vehicleId: r.vehicle.id, storedTare: r.vehicle.tare_weight ?? null,
          payeeId: r.suggested_customer1?.id ?? s.payeeId, haulerId: r.suggested_customer2?.id ?? s.haulerId,
          ...(jump ? { step: 1 } : {}),
        });
        setLookupMsg(`Vehicle found: ${[r.vehicle.make, r.vehicle.model].filter(Boolean).join(" ") || r.license_plate}`);
      } else {
        set({ vehicleId: null, storedTare: null });
        setNotFound(true);
      }
    } catch {
      setLookupMsg(MESSAGES.lookupFailed);
    } finally {
      setLooking(false);
    }
  };

  const scanned = (outcome: PlateScanOutcome) => {
    setScanning(false);
    if (outcome.kind === "none") return setLookupMsg(outcome.message);
    set({ plate: outcome.plate });
    if (outcome.kind === "verify") return setLookupMsg(outcome.message);
    void lookup(outcome.plate, true);
  };

  const startNewCustomer = () => {
    const name = window.prompt("New customer name")?.trim();
    if (!name) return;
    const hauler = window.confirm("Is this customer a hauler? OK for hauler, Cancel for payee.");
    setNewCustomer({ name, hauler });
  };

  const customerCreated = (c: Customer) => {
    set(c.is_hauler ? { haulerId: c.id, step: 1 } : { payeeId: c.id, step: 1 });
    setNotFound(false);
  };

  const setLine = (i: number, patch: Partial<Line>) => set({ lines: s.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });

  const submit = async (status: "completed" | "saved") => {
    setError(null);
    if (status === "completed" && !canComplete(s)) return setError(MESSAGES.incomplete);
    if (location.missing) return setError(LOCATION_REQUIRED);
    try {
      const t = await create.mutateAsync({ ...ticketPayload(s, status, clientId.current), store_id: location.storeId } as never);
      notify({
        kind: "success",
        message: status === "saved" ? `Weigh-in saved: ticket ${t.ticket_number}. Complete it from In-Progress when the truck leaves.` : successMessage(t),
      }, 8000);
      clientId.current = newClientId();
      setS(initialState());
      setLookupMsg(null);
      setNotFound(false);
    } catch (e) {
      setError((e as { status?: number }).status ? `Error creating ticket: ${(e as Error).message}` : MESSAGES.failed);
    }
  };

  const step = s.step;
  return (
    <div className="inbound-screen ticket-screen">
      <h1>Inbound Waste Management</h1>
      <ol className="wizard-steps" aria-label="Steps">
        {STEPS.map((label, i) => <li key={label} aria-current={i === step ? "step" : undefined}>{i + 1}. {label}</li>)}
      </ol>
      {error && <Alert kind="error">{error}</Alert>}
      <LocationPicker choices={location.choices} value={location.storeId} onChange={location.choose} />
      {step === 0 && (
        <Card title="Step 1: Vehicle identification">
          <TextField label="License plate" value={s.plate} autoCapitalize="characters"
            onChange={(e) => { set({ plate: e.target.value.toUpperCase(), vehicleId: null }); setNotFound(false); }} />
          <div className="toolbar">
            <Button variant="secondary" size="lg" onClick={() => setScanning(true)}>Scan Plate</Button>
            <Button variant="secondary" size="lg" busy={looking} disabled={!s.plate.trim()} onClick={() => void lookup()}>Look Up</Button>
          </div>
          <LazyPlateCameraModal open={scanning} onClose={() => setScanning(false)} onOutcome={scanned} />
          {lookupMsg && <p role="status">{lookupMsg}</p>}
          {notFound && (
            <Alert kind="warning" title={`No vehicle found for ${s.plate}`}>
              <div className="toolbar">
                <Button onClick={() => { setNotFound(false); set({ step: 1 }); }}>Save as Unknown Vehicle and Continue</Button>
                <Button variant="secondary" onClick={startNewCustomer}>Create New Customer</Button>
              </div>
            </Alert>
          )}
        </Card>
      )}
      {step === 1 && (
        <Card title="Step 2: Customer selection">
          <SelectField label="Payee (required)" value={s.payeeId} onChange={(e) => set({ payeeId: e.target.value })}>
            <option value="">Select payee...</option>
            {payees.map((c) => <option key={c.id} value={c.id}>{c.customer_name}{c.account_number ? ` (${c.account_number})` : ""}</option>)}
          </SelectField>
          <SelectField label="Hauler (optional)" value={s.haulerId} onChange={(e) => set({ haulerId: e.target.value })}>
            <option value="">No hauler</option>
            {haulers.map((c) => <option key={c.id} value={c.id}>{c.customer_name}</option>)}
          </SelectField>
          <Button variant="link" onClick={startNewCustomer}>Add a new customer</Button>
        </Card>
      )}
      {step === 2 && (
        <Card title="Step 3: Products">
          {s.lines.map((l, i) => (
            <div className="line-row" key={i} aria-label={`Product ${i + 1}`} role="group">
              <SelectField label="Waste type" value={l.waste_type} onChange={(e) => setLine(i, { waste_type: e.target.value })}>
                <option value="">Select...</option>
                {(wasteTypes.data ?? []).map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
              </SelectField>
              <TextField label="Quantity" type="number" min="0" step="0.01" value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value })} />
              <SelectField label="Unit" value={l.unit} onChange={(e) => setLine(i, { unit: e.target.value as Line["unit"] })}>
                {LINE_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}
              </SelectField>
              <TextField label="Notes" value={l.notes} onChange={(e) => setLine(i, { notes: e.target.value })} />
              <Button variant="ghost" disabled={s.lines.length <= 1} onClick={() => set({ lines: removeLine(s.lines, i) })}>Remove</Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => set({ lines: [...s.lines, emptyLine()] })}>Add Product</Button>
          <p className="muted">Estimated total quantity: {estimatedQuantity(s.lines).toLocaleString()}</p>
        </Card>
      )}
      {step === 3 && (
        <Card title="Step 4: Gross weight (vehicle in)">
          <TextField label="Gross weight (lbs)" type="number" min="0" step="0.1" inputMode="decimal" value={s.gross} onChange={(e) => set({ gross: e.target.value })} />
          {multistep && (
            <div>
              <p className="muted">Multi-step weighing: save the weigh-in now and weigh the truck out later from In-Progress.</p>
              <Button variant="secondary" disabled={!canLeave(3, s) || !s.payeeId} busy={create.isPending} onClick={() => void submit("saved")}>Save Weigh-In</Button>
            </div>
          )}
        </Card>
      )}
      {step === 4 && (
        <Card title="Step 5: Tare weight and payment">
          {s.storedTare !== null && (
            <label className="check"><input type="checkbox" checked={s.useStoredTare} onChange={(e) => set({ useStoredTare: e.target.checked })} /> Use stored tare ({s.storedTare.toLocaleString()} lbs)</label>
          )}
          {!s.useStoredTare && (
            <TextField label="Tare weight (lbs)" type="number" min="0" step="0.1" inputMode="decimal" value={s.tare} onChange={(e) => set({ tare: e.target.value })} />
          )}
          <SelectField label="Payment method" value={s.paymentMethod} onChange={(e) => set({ paymentMethod: e.target.value as WizardState["paymentMethod"] })}>
            {PAYMENT_METHODS.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
          </SelectField>
          <TextField label="Notes" value={s.notes} onChange={(e) => set({ notes: e.target.value })} />
          <WeighedLoadPreview body={previewRequest(s)} />
          <Button size="lg" disabled={!canComplete(s) || create.isPending} busy={create.isPending} onClick={() => void submit("completed")}>Complete Transaction</Button>
        </Card>
      )}
      <div className="wizard-nav">
        <Button variant="secondary" disabled={step === 0} onClick={() => set({ step: step - 1 })}>Back</Button>
        {step < 4 && <Button disabled={!canLeave(step, s)} onClick={() => set({ step: step + 1 })}>Next</Button>}
      </div>
      {newCustomer && (
        <CustomerDialog customer={null} initialName={newCustomer.name} initialHauler={newCustomer.hauler}
          onClose={() => setNewCustomer(null)} onSaved={customerCreated} />
      )}
    </div>
  );
}
