import { useCallback, useMemo, useState } from "react";
import { useTicketLocation } from "@/lib/ticket-location";
import { useSubmitTicket } from "../../api/create-ticket";
import { createDraftStore, type LineItem, type TicketDraft } from "../../lib/draft-store";
import type { CapturedImage } from "../../lib/image-caps";
import type { ExtraImage } from "../../lib/offline-sync";
import { CUSTOM_CONTAINER, parseWeight } from "../../lib/weight-rules";
import type { OutboundTicketType, TicketCreatePayload } from "../../api/create-ticket";
import { lineItemsPayload, newLineItem } from "../form/line-items-panel";
import { emptyVehicle, vehiclePayload, type PartnerRef, type VehicleFields } from "../form/truck-scale-fields";

export type ScaleTicketState = {
  outbound_ticket_type: OutboundTicketType;
  waste_type: string;
  destination: string;
  container_type: string;
  gross_weight: string;
  weight_confirmed: boolean;
  custom_tare: string;
  vehicle: VehicleFields;
  partner: PartnerRef;
  customer_facing_notes: string;
  internal_notes: string;
  carbon_methodology: string;
  images: CapturedImage[];
  multi_product: boolean;
  line_items: LineItem[];
  ai: { confidence: number | null; provider: string | null } | null;
};

export const initialScaleTicket = (): ScaleTicketState => ({
  outbound_ticket_type: "type_1_container",
  waste_type: "", destination: "", container_type: "",
  gross_weight: "", weight_confirmed: false, custom_tare: "",
  vehicle: emptyVehicle(), partner: null,
  customer_facing_notes: "", internal_notes: "", carbon_methodology: "EPA_2023",
  images: [], multi_product: true, line_items: [newLineItem()], ai: null,
});

export const draftStore = createDraftStore(localStorage);

/** The scale portal's ticket: form state, drafts in the browser and submission. */
export function useScaleTicket() {
  const location = useTicketLocation();
  const [state, setState] = useState<ScaleTicketState>(initialScaleTicket);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [draftsVersion, setDraftsVersion] = useState(0);
  const submit = useSubmitTicket();

  const update = useCallback((patch: Partial<ScaleTicketState>) => setState((s) => ({ ...s, ...patch })), []);

  const payload = useMemo((): { payload: TicketCreatePayload; extraImages: ExtraImage[] } => {
    const type2 = state.outbound_ticket_type === "type_2_truck_scale";
    const gross = state.images.filter((i) => i.type === "gross");
    const first = gross[0] ?? null;
    const extraImages = state.images.filter((i) => i !== first).map((i) => ({ kind: i.type, data: i.data }));
    return {
      payload: {
        is_inbound: false,
        outbound_ticket_type: state.outbound_ticket_type,
        waste_type: state.waste_type,
        destination: state.destination,
        container_type: state.container_type,
        gross_weight: parseWeight(state.gross_weight) ?? 0,
        tare_weight: state.container_type === CUSTOM_CONTAINER ? Math.max(0, parseWeight(state.custom_tare) ?? 0) : undefined,
        customer_facing_notes: state.customer_facing_notes || null,
        internal_notes: state.internal_notes || null,
        vehicle_info: type2 ? vehiclePayload(state.vehicle) : null,
        disposal_partner_id: type2 ? state.partner?.id ?? null : null,
        line_items: lineItemsPayload(state.line_items, state.multi_product || type2),
        carbon_methodology: (state.carbon_methodology || null) as TicketCreatePayload["carbon_methodology"],
        store_id: location.storeId,
        ocr_provider: state.ai?.provider ?? null,
        confidence: state.ai?.confidence ?? null,
        manual_override: state.ai === null,
        image_data: first?.data ?? null,
      },
      extraImages,
    };
  }, [state, location.storeId]);

  const reset = useCallback((keep?: Partial<ScaleTicketState>) => {
    setState({ ...initialScaleTicket(), ...keep });
    setDraftId(null);
  }, []);

  const saveDraft = useCallback(() => {
    const id = draftStore.save({
      waste_type: state.waste_type, destination: state.destination, container_type: state.container_type,
      gross_weight: state.gross_weight, tare_weight: state.custom_tare, outbound_ticket_type: state.outbound_ticket_type,
      vehicle_info: state.vehicle, disposal_partner: state.partner,
      customer_facing_notes: state.customer_facing_notes, internal_notes: state.internal_notes,
      image_data: state.images.find((i) => i.type === "gross")?.data ?? null,
      captured_images: state.images, line_items: state.line_items,
    }, draftId);
    setDraftId(id);
    setDraftsVersion((v) => v + 1);
    return id;
  }, [state, draftId]);

  const loadDraft = useCallback((draft: TicketDraft) => {
    setState({
      ...initialScaleTicket(),
      outbound_ticket_type: draft.outbound_ticket_type,
      waste_type: draft.waste_type, destination: draft.destination, container_type: draft.container_type,
      gross_weight: draft.gross_weight, custom_tare: draft.tare_weight,
      vehicle: { ...emptyVehicle(), ...(draft.vehicle_info as Partial<VehicleFields>) },
      partner: draft.disposal_partner, customer_facing_notes: draft.customer_facing_notes,
      internal_notes: draft.internal_notes, images: draft.captured_images ?? [],
      line_items: draft.line_items?.length ? draft.line_items : [newLineItem()],
    });
    setDraftId(draft.id);
  }, []);

  const deleteDraft = useCallback((id: string) => {
    draftStore.remove(id);
    if (id === draftId) setDraftId(null);
    setDraftsVersion((v) => v + 1);
  }, [draftId]);

  return { state, update, payload, submit, reset, location, draftId, setDraftId, saveDraft, loadDraft, deleteDraft, draftsVersion };
}

export type ScaleTicket = ReturnType<typeof useScaleTicket>;
