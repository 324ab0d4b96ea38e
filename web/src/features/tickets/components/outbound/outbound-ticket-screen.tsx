import { Lock } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Card } from "@/components/ui/panel";
import { ApiError } from "@/lib/api-client";
import { LocationPicker } from "@/components/location-picker";
import { systemSettingsQueryOptions } from "@/lib/session";
import { LOCATION_REQUIRED, useTicketLocation } from "@/lib/ticket-location";
import { useSubmitTicket, type SubmitResult } from "../../api/create-ticket";
import { useTicketChoices } from "@/lib/api/get-active-list-items";
import { CUSTOM_CONTAINER, effectiveTare, netWeight, parseWeight, validateOutbound, type OutboundFormValues } from "../../lib/weight-rules";
import { TareCapture, type TareMode } from "../capture/tare-capture";
import { NotesFields } from "../form/notes-fields";
import { formDefaults } from "../../lib/ticket-defaults";
import { ReferenceSelects } from "../form/reference-selects";
import { emptyVehicle, TruckScaleFields, vehiclePayload, type PartnerRef, type VehicleFields } from "../form/truck-scale-fields";
import { formatUsd } from "@/lib/format";
import "../tickets.css";

type Errors = Partial<Record<keyof OutboundFormValues | "partner" | "store_id", string>>;

/** Outbound Ticket Creation for admins (spec 2 s2.1, validation of s5). */
export default function OutboundTicketScreen() {
  const navigate = useNavigate();
  const location = useTicketLocation();
  const { data: settings } = useQuery(systemSettingsQueryOptions());
  const truckScale = settings?.outbound_truck_scale_enabled === true;
  const { wasteTypes, destinations, containers } = useTicketChoices();
  const [type, setType] = useState<OutboundFormValues["outbound_ticket_type"]>("type_1_container");
  const [refs, setRefs] = useState({ waste_type: "", destination: "", container_type: "" });
  const [gross, setGross] = useState("");
  const [tareMode, setTareMode] = useState<TareMode>("select");
  const [customTare, setCustomTare] = useState("");
  const [tareImage, setTareImage] = useState<string | null>(null);
  const [vehicle, setVehicle] = useState<VehicleFields>(emptyVehicle);
  const [partner, setPartner] = useState<PartnerRef>(null);
  const [notes, setNotes] = useState({ customer: "", internal: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<SubmitResult | null>(null);
  const submit = useSubmitTicket();

  // Defaults of spec 2 s9 when the lists hold them, else the first active item.
  useEffect(() => {
    const d = formDefaults({ wasteTypes, destinations, containers });
    setRefs((r) => ({
      waste_type: r.waste_type || d.waste_type,
      destination: r.destination || d.destination,
      container_type: r.container_type || d.container_type,
    }));
  }, [wasteTypes, destinations, containers]);

  const onRefs = (patch: Partial<typeof refs>) => {
    setRefs((r) => ({ ...r, ...patch }));
    if (patch.container_type !== undefined) {
      // Custom Container asks for the tare; any other container clears the custom tare.
      if (patch.container_type === CUSTOM_CONTAINER) setTareMode("manual");
      else { setTareMode("select"); setCustomTare(""); setTareImage(null); }
    }
    setErrors({});
  };

  const tare = effectiveTare(refs.container_type, containers, customTare);
  const net = netWeight(parseWeight(gross), tare);

  const values: OutboundFormValues = {
    outbound_ticket_type: type, ...refs, gross_weight: gross, custom_tare: customTare,
    license_plate: vehicle.license_plate, driver_name: vehicle.driver_name,
    customer_facing_notes: notes.customer, internal_notes: notes.internal,
  };

  const create = async () => {
    const found: Errors = validateOutbound(values);
    if (location.missing) found.store_id = LOCATION_REQUIRED;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    const isCustom = refs.container_type === CUSTOM_CONTAINER;
    try {
      const result = await submit.mutateAsync({
        payload: {
          is_inbound: false,
          outbound_ticket_type: type,
          ...refs,
          gross_weight: Number(gross),
          tare_weight: isCustom ? tare : undefined,
          customer_facing_notes: notes.customer || null,
          internal_notes: notes.internal || null,
          vehicle_info: type === "type_2_truck_scale" ? vehiclePayload(vehicle) : null,
          disposal_partner_id: type === "type_2_truck_scale" ? partner?.id ?? null : null,
          store_id: location.storeId,
          manual_override: true,
        },
        extraImages: tareImage ? [{ kind: "tare", data: tareImage }] : [],
      });
      setDone(result);
    } catch (err) {
      setFailure(err instanceof ApiError ? `Error: ${err.message || "Failed to create ticket"}` : `Network error: ${(err as Error).message}`);
    }
  };

  const reset = () => {
    setDone(null);
    setGross("");
    setCustomTare("");
    setTareImage(null);
    setVehicle(emptyVehicle());
    setPartner(null);
    setNotes({ customer: "", internal: "" });
  };

  if (done) {
    return (
      <div className="ticket-screen">
        <Card className="success-panel">
          {done.kind === "created" ? (
            <div className="stack" role="status">
              <h2>Ticket created</h2>
              <div className="ticket-number" data-testid="created-ticket-number">{done.ticket.ticket_number}</div>
              <p>Net weight: <strong>{Number(done.ticket.net_weight).toFixed(1)} lbs</strong></p>
              <p>Amount: <strong>{formatUsd(done.ticket.total_amount ?? 0)}</strong></p>
            </div>
          ) : (
            <div className="stack" role="status">
              <h2>Saved on this device</h2>
              <p>No connection: the ticket will be sent when you are back online.</p>
            </div>
          )}
          <div className="row" style={{ justifyContent: "center" }}>
            <Button size="lg" onClick={reset}>Create Another Ticket</Button>
            <Button variant="secondary" size="lg" onClick={() => navigate("/app/home")}>Back to Dashboard</Button>
          </div>
        </Card>
      </div>
    );
  }

  return (
    <form className="ticket-screen" onSubmit={(e) => { e.preventDefault(); void create(); }} noValidate>
      <div className="portal-head">
        <h1>Outbound Ticket Creation</h1>
        <Button variant="secondary" onClick={() => navigate("/app/home")}>← Back to Dashboard</Button>
      </div>
      <Card>
        <div className="form-grid">
          <div className="span-2">
            <SelectField label="Ticket type" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
              <option value="type_1_container">Type 1 — Container</option>
              {truckScale && <option value="type_2_truck_scale">Type 2 — Truck Scale</option>}
            </SelectField>
            {!truckScale && (
              <p className="muted" role="note"><Lock size={16} aria-hidden="true" /> Type 2 (truck scale) tickets are locked. Contact your administrator to enable them.</p>
            )}
          </div>
          <LocationPicker choices={location.choices} value={location.storeId} error={errors.store_id}
            onChange={(id) => { location.choose(id); setErrors((e) => ({ ...e, store_id: undefined })); }} />
          <ReferenceSelects wasteTypes={wasteTypes} destinations={destinations} containers={containers} value={refs} onChange={onRefs} errors={errors} withCustomContainer />
          <TextField label="Gross weight (lbs)" type="number" inputMode="decimal" step="0.1" min="0" required value={gross}
            error={errors.gross_weight} onChange={(e) => { setGross(e.target.value); setErrors((x) => ({ ...x, gross_weight: undefined })); }} />
          {refs.container_type === CUSTOM_CONTAINER ? (
            <div className="span-2">
              <TareCapture mode={tareMode} onMode={setTareMode} tare={customTare} onTare={setCustomTare} onTareImage={setTareImage} error={errors.custom_tare} />
            </div>
          ) : (
            <TextField label="Tare (lbs)" value={tare.toFixed(1)} readOnly hint="From the container type" />
          )}
          <div className="span-2 confirm-weight"><span className="muted">Net weight</span><strong data-testid="net-weight">{net.toFixed(1)} lbs</strong></div>
          <NotesFields customer={notes.customer} internal={notes.internal} onChange={(p) => setNotes((n) => ({ customer: p.customer ?? n.customer, internal: p.internal ?? n.internal }))} />
        </div>
      </Card>
      {type === "type_2_truck_scale" && (
        <Card>
          <TruckScaleFields vehicle={vehicle} onVehicle={setVehicle} partner={partner} onPartner={setPartner} errors={errors} />
        </Card>
      )}
      {failure && <Alert kind="error">{failure}</Alert>}
      <Button type="submit" size="lg" className="btn-block" busy={submit.isPending} busyLabel="Creating ticket...">Create Ticket</Button>
    </form>
  );
}
