// Simple Tickets (spec 2 s2.6, s8, s9): fixed values, notes, messages.
import { formatLbs } from "@/lib/format";
import { t } from "@/lib/i18n";
export const SIMPLE_TICKET_FIXED = {
  waste_type: "Food Waste",
  destination: "Compost",
  container_type: "Slim Jim 23 (23gal)",
  outbound_ticket_type: "type_1_container",
} as const;

export const SLIM_JIM_TARE_LBS = 7.8;

// Read when shown, so they are in the language of the moment (lib/i18n).
export const SIMPLE_MESSAGES = {
  get startingCamera() { return t("simple.startingCamera"); },
  get aim() { return t("simple.aim"); },
  get reading() { return t("simple.reading"); },
  get captureFailed() { return t("simple.captureFailed"); },
  get aiFailed() { return t("simple.aiFailed"); },
  get cameraDenied() { return t("simple.cameraDenied"); },
  get invalidWeight() { return t("simple.invalidWeight"); },
};

export type SimpleTicketPayload = {
  waste_type: string;
  destination: string;
  container_type: string;
  gross_weight: number;
  outbound_ticket_type: string;
  customer_facing_notes: string;
  internal_notes: string;
  image_data: string | null;
  manual_override: boolean;
  confidence?: number | null;
  ocr_provider?: string | null;
  store_id?: string | null;
};

export function buildSimpleTicket(opts: {
  weight: number;
  imageData: string | null;
  aiConfidence: number | null;
  aiProvider: string | null;
  storeId?: string | null;
}): SimpleTicketPayload {
  const usedAi = opts.aiConfidence !== null;
  return {
    ...SIMPLE_TICKET_FIXED,
    gross_weight: opts.weight,
    customer_facing_notes: "Ticket created via the Flow mobile interface.",
    internal_notes: usedAi
      ? `Simple Tickets mode - AI confidence ${Math.round(opts.aiConfidence!)}%`
      : "Simple Tickets mode - manual entry",
    image_data: opts.imageData,
    manual_override: !usedAi,
    confidence: usedAi ? opts.aiConfidence : null,
    ocr_provider: usedAi ? opts.aiProvider : null,
    store_id: opts.storeId ?? null,
  };
}

/** If the server returns no net weight it is shown as gross minus 7.8 lbs (spec 2 s9). */
export function simpleSuccessMessage(ticketNumber: string, netWeight: number | string | null | undefined, gross: number): string {
  const net = netWeight === null || netWeight === undefined || netWeight === "" ? gross - SLIM_JIM_TARE_LBS : Number(netWeight);
  return t("scale.created", { number: ticketNumber, weight: formatLbs(net) });
}

/** Manual weight must be a positive number; the continue button is disabled otherwise. */
export function isValidManualWeight(text: string): boolean {
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) && n > 0;
}
