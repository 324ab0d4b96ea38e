import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Card } from "@/components/ui/panel";
import { LocationPicker } from "@/components/location-picker";
import { ApiError } from "@/lib/api-client";
import { formatCount, formatLbs } from "@/lib/format";
import { serverMessage, useTranslation } from "@/lib/i18n";
import { systemSettingsQueryOptions, useSession } from "@/lib/session";
import { useEmployeeInterface } from "@/lib/api/get-employee-interface";
import { useMonthTicketCount } from "../../api/get-ticket-count";
import { useTicketChoices } from "@/lib/api/get-active-list-items";
import { newImage, putFirst } from "../../lib/image-caps";
import { canCreateTicket, CUSTOM_CONTAINER, roundTenth, parseWeight } from "../../lib/weight-rules";
import type { TareMode } from "../capture/tare-capture";
import { WeightCapture } from "../capture/weight-capture";
import { ImageCapturePanel } from "../form/image-capture-panel";
import { LineItemsPanel, newLineItem } from "../form/line-items-panel";
import { formDefaults } from "../../lib/ticket-defaults";
import { SimpleTickets } from "../simple/simple-tickets";
import { StatusMessage, type Status } from "../status-message";
import { DraftsPanel } from "./drafts-panel";
import { NetPreview } from "./net-preview";
import { TicketDetailsFields } from "./ticket-details-fields";
import { useScaleTicket } from "./use-scale-ticket";
import "../tickets.css";

type Step = "form" | "wizard-1" | "wizard-2" | "manual";

/** Scale Tickets Portal (spec 2 s2.2): plain form or the two-step wizard, drafts, month counter. */
export default function ScalePortalScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const { data: settings } = useQuery(systemSettingsQueryOptions());
  const count = useMonthTicketCount();
  const choices = useTicketChoices();
  const ticket = useScaleTicket();
  // The advanced wizard follows the settings of the location being weighed at.
  const storeId = ticket.location.storeId ?? user?.store_id ?? null;
  const locationSettings = useEmployeeInterface(storeId);
  const advanced = locationSettings.data?.advanced_options_enabled === true;
  const { state, update } = ticket;
  const [step, setStep] = useState<Step>("form");
  const [tareMode, setTareMode] = useState<TareMode>("select");
  const [status, setStatus] = useState<Status>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dismissStatus = useCallback(() => setStatus(null), []);
  const view = params.get("view") ?? (settings?.simple_tickets_mode ? "simple" : "portal");

  const defaults = () => formDefaults(choices);

  // Defaults of spec 2 s9 (else the first active item), filled in as each list arrives.
  useEffect(() => {
    const d = defaults();
    const patch: Partial<typeof state> = {};
    if (!state.waste_type && d.waste_type) patch.waste_type = d.waste_type;
    if (!state.destination && d.destination) patch.destination = d.destination;
    if (!state.container_type && d.container_type) patch.container_type = d.container_type;
    if (patch.waste_type && state.line_items.length === 1 && !state.line_items[0].waste_type) {
      patch.line_items = [{ ...state.line_items[0], waste_type: patch.waste_type }];
    }
    if (Object.keys(patch).length) update(patch);
    // dependencies deliberately partial
  }, [choices.wasteTypes, choices.destinations, choices.containers, state.waste_type, state.destination, state.container_type]);

  useEffect(() => setStep(advanced ? "wizard-1" : "form"), [advanced]);

  const startOver = () => {
    const d = defaults();
    ticket.reset({ ...d, line_items: [newLineItem(d.waste_type)] });
    setErrors({});
    setStep(advanced ? "wizard-1" : "form");
  };

  const type2 = state.outbound_ticket_type === "type_2_truck_scale";
  const busy = ticket.submit.isPending;

  const create = async () => {
    const found: Record<string, string> = {};
    if (type2 && !state.vehicle.license_plate.trim()) found.license_plate = t("scale.plateRequired");
    if (type2 && !state.vehicle.driver_name.trim()) found.driver_name = t("scale.driverRequired");
    if (type2 && !state.partner) found.partner = t("scale.partnerRequired");
    if (state.container_type === CUSTOM_CONTAINER && state.custom_tare.trim() === "") found.custom_tare = t("scale.customTareRequired");
    if (ticket.location.missing) found.store_id = t("scale.locationRequired");
    setErrors(found);
    if (Object.keys(found).length) { setStatus({ tone: "error", toast: true, text: Object.values(found)[0] }); return; }
    try {
      const result = await ticket.submit.mutateAsync(ticket.payload);
      if (ticket.draftId) ticket.deleteDraft(ticket.draftId);
      setStatus(result.kind === "created"
        ? { tone: "success", toast: true, text: t("scale.created", { number: result.ticket.ticket_number, weight: formatLbs(result.ticket.net_weight) }) }
        : { tone: "info", toast: true, text: t("scale.queued") });
      startOver();
    } catch (err) {
      setStatus({ tone: "error", toast: true, text: err instanceof ApiError ? t("scale.failed", { message: err.message ? serverMessage(err.message) : t("scale.failedUnknown") }) : t("scale.networkFailed", { message: (err as Error).message }) });
    }
  };

  const weightField = (
    <div className="weight-total">
      <TextField label={t("scale.totalWeight")} type="number" inputMode="decimal" step="0.1" min="0" className="weight-field"
        value={state.gross_weight} onChange={(e) => update({ gross_weight: e.target.value, weight_confirmed: false, ai: null })} />
      <Button variant="secondary" size="lg" disabled={!canCreateTicket({ busy: false, weight: state.gross_weight })}
        onClick={() => update({ gross_weight: roundTenth(parseWeight(state.gross_weight) ?? 0).toFixed(1), weight_confirmed: true })}>
        {state.weight_confirmed ? t("scale.confirmed") : t("scale.confirmWeight")}
      </Button>
    </div>
  );

  const capture = (
    <WeightCapture
      onAccept={(r) => update({
        gross_weight: r.weight.toFixed(1), weight_confirmed: true, ai: { confidence: r.confidence, provider: r.provider },
        images: putFirst(state.images, newImage("gross", r.image)),
      })}
      onPhotoOnly={(image) => update({ images: putFirst(state.images, newImage("gross", image)) })}
      onManual={advanced ? () => setStep("manual") : undefined}
      storeId={storeId}
    />
  );

  const finish = (
    <>
      <NetPreview gross={state.gross_weight} container={state.container_type} containers={choices.containers} customTare={state.custom_tare} />
      <LineItemsPanel items={state.line_items} onChange={(line_items) => update({ line_items })} wasteTypes={choices.wasteTypes}
        enabled={state.multi_product} forced={type2} onToggle={(multi_product) => update({ multi_product })} />
      <ImageCapturePanel images={state.images} onChange={(images) => update({ images })} />
      <div className="row">
        <Button size="lg" className="btn-block" disabled={!canCreateTicket({ busy, weight: state.gross_weight })} busy={busy} busyLabel={t("common.creating")} onClick={() => void create()}>
          {t("scale.create")}
        </Button>
        <Button variant="secondary" size="lg" className="btn-block" onClick={() => { ticket.saveDraft(); setStatus({ tone: "info", toast: true, text: t("scale.draftSaved") }); }}>
          {t("scale.saveDraft")}
        </Button>
      </div>
    </>
  );

  return (
    <div className="ticket-screen">
      <div className="portal-head">
        <Button variant="secondary" size="lg" onClick={() => (user?.role === "store_admin" ? navigate("/app/home") : startOver())}>{t("shell.home")}</Button>
        <span className="month-counter" data-testid="month-counter">{count.data ? t("scale.monthCount", { count: count.data.count, replace: { count: formatCount(count.data.count) } }) : t("scale.monthUnknown")}</span>
      </div>
      <div className="tabs" role="group" aria-label={t("scale.entryMode")}>
        <Button variant="secondary" aria-pressed={view !== "simple"} onClick={() => setParams({ view: "portal" })}>{t("scale.scaleEntry")}</Button>
        <Button variant="secondary" aria-pressed={view === "simple"} onClick={() => setParams({ view: "simple" })}>{t("scale.simpleTickets")}</Button>
      </div>
      {view === "simple" ? <SimpleTickets /> : (
        <>
          <StatusMessage status={status} onDismiss={dismissStatus} />
          <LocationPicker choices={ticket.location.choices} value={ticket.location.storeId} error={errors.store_id}
            onChange={(id) => { ticket.location.choose(id); setErrors((e) => ({ ...e, store_id: "" })); }} />
          {step === "form" && (
            <Card title={t("scale.newTicket")}>
              <div className="stack">
                {capture}
                {weightField}
                <TicketDetailsFields ticket={ticket} choices={choices} tareMode={tareMode} onTareMode={setTareMode} errors={errors} />
                {finish}
              </div>
            </Card>
          )}
          {step === "wizard-1" && (
            <Card title={t("scale.step1")}>
              <div className="stack">
                <TicketDetailsFields ticket={ticket} choices={choices} tareMode={tareMode} onTareMode={setTareMode} errors={errors} />
                <Button size="lg" className="btn-block" onClick={() => setStep("wizard-2")}>{t("scale.nextCapture")}</Button>
              </div>
            </Card>
          )}
          {step === "wizard-2" && (
            <Card title={t("scale.step2")}>
              <div className="stack">
                {capture}
                {state.weight_confirmed && weightField}
                {state.weight_confirmed && finish}
                <Button variant="secondary" size="lg" className="btn-block" onClick={() => setStep("manual")}>{t("scale.skipManual")}</Button>
                <Button variant="ghost" onClick={() => setStep("wizard-1")}>{t("scale.backStep1")}</Button>
              </div>
            </Card>
          )}
          {step === "manual" && (
            <Card title={t("scale.manualTitle")}>
              <div className="stack">
                {weightField}
                {finish}
                <Button variant="ghost" onClick={() => setStep("wizard-1")}>{t("scale.backWizard")}</Button>
              </div>
            </Card>
          )}
          <DraftsPanel ticket={ticket} onNewTicket={startOver} />
        </>
      )}
    </div>
  );
}
