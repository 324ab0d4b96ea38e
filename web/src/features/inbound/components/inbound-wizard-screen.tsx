import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Card } from "@/components/ui/panel";
import { LazyPlateCameraModal } from "@/components/plate-camera/lazy-plate-camera-modal";
import type { PlateScanOutcome } from "@/components/plate-camera/plate-scan";
import { LocationPicker } from "@/components/location-picker";
import { formatCount, formatWeight } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { systemSettingsQueryOptions } from "@/lib/session";
import { useTicketLocation } from "@/lib/ticket-location";
import { useCustomers } from "@/lib/api/get-customers";
import { useActiveWasteTypes } from "@/lib/api/get-active-waste-types";
import { type Customer, lookupPlate, useCreateInboundTicket } from "../api/inbound";
import {
  canComplete, canLeave, emptyLine, estimatedQuantity, initialState, LINE_UNITS, MESSAGES, PAYMENT_METHODS, previewRequest,
  removeLine, STEPS, successMessage, ticketPayload, type Line, type WizardState,
} from "../lib/wizard";
import { CustomerDialog } from "./customers-screen";
import { InboundGate } from "@/components/inbound-gate";
import { WeighedLoadPreview } from "./weighed-load-preview";
import "./inbound.css";

export default function InboundWizardScreen() {
  return <InboundGate><Wizard /></InboundGate>;
}

const newClientId = () => crypto.randomUUID();

const STEP_KEYS = ["vehicle", "customer", "products", "gross", "tare"] as const;

function Wizard() {
  const { t } = useTranslation();
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
  const wasteTypes = useActiveWasteTypes();
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
        setLookupMsg(t("inbound.vehicleFound", { name: [r.vehicle.make, r.vehicle.model].filter(Boolean).join(" ") || r.license_plate }));
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
    const name = window.prompt(t("inbound.newCustomerName"))?.trim();
    if (!name) return;
    const hauler = window.confirm(t("inbound.newCustomerHauler"));
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
    if (location.missing) return setError(t("scale.locationRequired"));
    try {
      const ticket = await create.mutateAsync({ ...ticketPayload(s, status, clientId.current), store_id: location.storeId } as never);
      notify({
        kind: "success",
        message: status === "saved" ? t("inbound.saved", { number: ticket.ticket_number }) : successMessage(ticket),
      }, 8000);
      clientId.current = newClientId();
      setS(initialState());
      setLookupMsg(null);
      setNotFound(false);
    } catch (e) {
      setError((e as { status?: number }).status ? t("inbound.errorCreating", { message: (e as Error).message }) : MESSAGES.failed);
    }
  };

  const step = s.step;
  return (
    <div className="inbound-screen ticket-screen">
      <h1>{t("inbound.title")}</h1>
      <ol className="wizard-steps" aria-label={t("inbound.stepsLabel")}>
        {STEPS.map((label, i) => <li key={label} aria-current={i === step ? "step" : undefined}>{formatCount(i + 1)}. {t(`inbound.steps.${STEP_KEYS[i]}`)}</li>)}
      </ol>
      {error && <Alert kind="error">{error}</Alert>}
      <LocationPicker choices={location.choices} value={location.storeId} onChange={location.choose} />
      {step === 0 && (
        <Card title={t("inbound.step1")}>
          <TextField label={t("inbound.plate")} value={s.plate} autoCapitalize="characters"
            onChange={(e) => { set({ plate: e.target.value.toUpperCase(), vehicleId: null }); setNotFound(false); }} />
          <div className="toolbar">
            <Button variant="secondary" size="lg" onClick={() => setScanning(true)}>{t("inbound.scan")}</Button>
            <Button variant="secondary" size="lg" busy={looking} disabled={!s.plate.trim()} onClick={() => void lookup()}>{t("inbound.lookUp")}</Button>
          </div>
          <LazyPlateCameraModal open={scanning} onClose={() => setScanning(false)} onOutcome={scanned} />
          {lookupMsg && <p role="status">{lookupMsg}</p>}
          {notFound && (
            <Alert kind="warning" title={t("inbound.noVehicle", { plate: s.plate })}>
              <div className="toolbar">
                <Button onClick={() => { setNotFound(false); set({ step: 1 }); }}>{t("inbound.unknownVehicle")}</Button>
                <Button variant="secondary" onClick={startNewCustomer}>{t("inbound.newCustomer")}</Button>
              </div>
            </Alert>
          )}
        </Card>
      )}
      {step === 1 && (
        <Card title={t("inbound.step2")}>
          <SelectField label={t("inbound.payee")} value={s.payeeId} onChange={(e) => set({ payeeId: e.target.value })}>
            <option value="">{t("inbound.selectPayee")}</option>
            {payees.map((c) => <option key={c.id} value={c.id}>{c.customer_name}{c.account_number ? ` (${c.account_number})` : ""}</option>)}
          </SelectField>
          <SelectField label={t("inbound.hauler")} value={s.haulerId} onChange={(e) => set({ haulerId: e.target.value })}>
            <option value="">{t("inbound.noHauler")}</option>
            {haulers.map((c) => <option key={c.id} value={c.id}>{c.customer_name}</option>)}
          </SelectField>
          <Button variant="link" onClick={startNewCustomer}>{t("inbound.addCustomer")}</Button>
        </Card>
      )}
      {step === 2 && (
        <Card title={t("inbound.step3")}>
          {s.lines.map((l, i) => (
            <div className="line-row" key={i} aria-label={t("inbound.product", { n: formatCount(i + 1) })} role="group">
              <SelectField label={t("inbound.wasteType")} value={l.waste_type} onChange={(e) => setLine(i, { waste_type: e.target.value })}>
                <option value="">{t("inbound.select")}</option>
                {(wasteTypes.data ?? []).map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
              </SelectField>
              <TextField label={t("inbound.quantity")} type="number" min="0" step="0.01" value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value })} />
              <SelectField label={t("inbound.unit")} value={l.unit} onChange={(e) => setLine(i, { unit: e.target.value as Line["unit"] })}>
                {LINE_UNITS.map((u) => <option key={u} value={u}>{t(`lists.unit.${u}`, { defaultValue: u })}</option>)}
              </SelectField>
              <TextField label={t("inbound.notes")} value={l.notes} onChange={(e) => setLine(i, { notes: e.target.value })} />
              <Button variant="ghost" disabled={s.lines.length <= 1} onClick={() => set({ lines: removeLine(s.lines, i) })}>{t("inbound.remove")}</Button>
            </div>
          ))}
          <Button variant="secondary" onClick={() => set({ lines: [...s.lines, emptyLine()] })}>{t("inbound.addProduct")}</Button>
          <p className="muted">{t("inbound.estimated", { n: formatCount(estimatedQuantity(s.lines)) })}</p>
        </Card>
      )}
      {step === 3 && (
        <Card title={t("inbound.step4")}>
          <TextField label={t("inbound.grossLabel")} type="number" min="0" step="0.1" inputMode="decimal" value={s.gross} onChange={(e) => set({ gross: e.target.value })} />
          {multistep && (
            <div>
              <p className="muted">{t("inbound.multistep")}</p>
              <Button variant="secondary" disabled={!canLeave(3, s) || !s.payeeId} busy={create.isPending} onClick={() => void submit("saved")}>{t("inbound.saveWeighIn")}</Button>
            </div>
          )}
        </Card>
      )}
      {step === 4 && (
        <Card title={t("inbound.step5")}>
          {s.storedTare !== null && (
            <label className="check"><input type="checkbox" checked={s.useStoredTare} onChange={(e) => set({ useStoredTare: e.target.checked })} /> {t("inbound.useStoredTare", { weight: formatWeight(s.storedTare) })}</label>
          )}
          {!s.useStoredTare && (
            <TextField label={t("inbound.tareLabel")} type="number" min="0" step="0.1" inputMode="decimal" value={s.tare} onChange={(e) => set({ tare: e.target.value })} />
          )}
          <SelectField label={t("inbound.paymentMethod")} value={s.paymentMethod} onChange={(e) => set({ paymentMethod: e.target.value as WizardState["paymentMethod"] })}>
            {PAYMENT_METHODS.map(([v]) => <option key={v} value={v}>{t(`inbound.payment.${v}`)}</option>)}
          </SelectField>
          <TextField label={t("inbound.notes")} value={s.notes} onChange={(e) => set({ notes: e.target.value })} />
          <WeighedLoadPreview body={previewRequest(s)} />
          <Button size="lg" disabled={!canComplete(s) || create.isPending} busy={create.isPending} onClick={() => void submit("completed")}>{t("inbound.complete")}</Button>
        </Card>
      )}
      <div className="wizard-nav">
        <Button variant="secondary" disabled={step === 0} onClick={() => set({ step: step - 1 })}>{t("inbound.back")}</Button>
        {step < 4 && <Button disabled={!canLeave(step, s)} onClick={() => set({ step: step + 1 })}>{t("inbound.next")}</Button>}
      </div>
      {newCustomer && (
        <CustomerDialog customer={null} initialName={newCustomer.name} initialHauler={newCustomer.hauler}
          onClose={() => setNewCustomer(null)} onSaved={customerCreated} />
      )}
    </div>
  );
}
