import { useQuery } from "@tanstack/react-query";
import { SelectField } from "@/components/ui/input";
import { useTranslation } from "@/lib/i18n";
import { systemSettingsQueryOptions } from "@/lib/session";
import type { ListItem } from "@/lib/api/get-active-list-items";
import { CUSTOM_CONTAINER } from "../../lib/weight-rules";
import { newImage, putFirst } from "../../lib/image-caps";
import { TareCapture, type TareMode } from "../capture/tare-capture";
import { NotesFields } from "../form/notes-fields";
import { ReferenceSelects } from "../form/reference-selects";
import { TruckScaleFields } from "../form/truck-scale-fields";
import type { ScaleTicket } from "./use-scale-ticket";

type Props = {
  ticket: ScaleTicket;
  choices: { wasteTypes: ListItem[]; destinations: ListItem[]; containers: ListItem[] };
  tareMode: TareMode;
  onTareMode: (m: TareMode) => void;
  errors?: Partial<Record<string, string>>;
};

/** Ticket type, vehicle and partner, container, destination, waste type and carbon details. */
export function TicketDetailsFields({ ticket, choices, tareMode, onTareMode, errors = {} }: Props) {
  const { t } = useTranslation();
  const { state, update } = ticket;
  const { data: settings } = useQuery(systemSettingsQueryOptions());
  const truckScale = settings?.outbound_truck_scale_enabled === true;
  const carbon = settings?.enable_carbon_credits !== false;
  return (
    <div className="form-grid">
      {truckScale && (
        <div className="span-2">
          <SelectField label={t("details.ticketType")} value={state.outbound_ticket_type}
            onChange={(e) => update({ outbound_ticket_type: e.target.value as typeof state.outbound_ticket_type, ...(e.target.value === "type_2_truck_scale" ? { multi_product: true } : {}) })}>
            <option value="type_1_container">{t("details.type1")}</option>
            <option value="type_2_truck_scale">{t("details.type2")}</option>
          </SelectField>
        </div>
      )}
      {state.outbound_ticket_type === "type_2_truck_scale" && (
        <div className="span-2">
          <TruckScaleFields vehicle={state.vehicle} onVehicle={(vehicle) => update({ vehicle })} partner={state.partner}
            onPartner={(partner) => update({ partner })} errors={errors} withNotes />
        </div>
      )}
      <ReferenceSelects {...choices} value={state} errors={errors} withCustomContainer
        onChange={(patch) => {
          update(patch.container_type !== undefined && patch.container_type !== CUSTOM_CONTAINER ? { ...patch, custom_tare: "" } : patch);
          if (patch.container_type !== undefined) onTareMode(patch.container_type === CUSTOM_CONTAINER ? "manual" : "select");
        }} />
      {state.container_type === CUSTOM_CONTAINER && (
        <div className="span-2">
          <TareCapture mode={tareMode} onMode={onTareMode} tare={state.custom_tare} onTare={(custom_tare) => update({ custom_tare })}
            onTareImage={(data) => update({ images: putFirst(state.images, newImage("tare", data)) })}
            error={errors.custom_tare} />
        </div>
      )}
      {carbon && (
        <SelectField label={t("details.carbon")} value={state.carbon_methodology} onChange={(e) => update({ carbon_methodology: e.target.value })}>
          <option value="">{t("details.none")}</option>
          <option value="EPA_2023">EPA 2023</option>
          <option value="IPCC_AR6">IPCC AR6</option>
          <option value="GHG_PROTOCOL">GHG Protocol</option>
          <option value="CARB_2023">CARB 2023</option>
        </SelectField>
      )}
      <NotesFields customer={state.customer_facing_notes} internal={state.internal_notes}
        onChange={(p) => update({ ...(p.customer !== undefined ? { customer_facing_notes: p.customer } : {}), ...(p.internal !== undefined ? { internal_notes: p.internal } : {}) })} />
    </div>
  );
}
