// Simple Tickets (spec 2 s2.6, s8, s9): fixed values, notes, messages.
export const SIMPLE_TICKET_FIXED = {
  waste_type: "Food Waste",
  destination: "Compost",
  container_type: "Slim Jim 23 (23gal)",
  outbound_ticket_type: "type_1_container",
} as const;

export const SLIM_JIM_TARE_LBS = 7.8;

export const SIMPLE_MESSAGES = {
  startingCamera: "Starting camera...",
  aim: "Aim at your scale display. Auto-capture in 2 seconds!",
  reading: "AI is reading the weight from your scale...",
  captureFailed: "Failed to capture image. Please try again.",
  aiFailed: "AI could not read the weight. Please try uploading a photo or enter weight manually.",
  cameraDenied: "Camera access denied. Please use photo upload or manual entry below.",
  invalidWeight: "Please provide a valid weight",
} as const;

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
  return `Ticket ${ticketNumber} created successfully! Net weight: ${net.toFixed(1)} lbs`;
}

/** Manual weight must be a positive number; the continue button is disabled otherwise. */
export function isValidManualWeight(text: string): boolean {
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) && n > 0;
}
