// Weight rules shared by every ticket screen (spec 2 s2.2 and s5). Weights are lb, 0.1 precision.

export function parseWeight(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export function roundTenth(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Create Ticket is disabled while busy, when the weight is empty, or when it is 0 or less. */
export function canCreateTicket(opts: { busy: boolean; weight: string | number | null | undefined }): boolean {
  if (opts.busy) return false;
  const w = parseWeight(opts.weight);
  return w !== null && w > 0;
}

/** Net shown to one decimal, never negative (the server computes the stored value). */
export function netWeight(gross: number | null, tare: number | null): number {
  return Math.max(0, roundTenth((gross ?? 0) - (tare ?? 0)));
}

export const CUSTOM_CONTAINER = "Custom Container";

/** A non-numeric custom tare counts as 0; other containers use their tare_weight_lbs, else 0. */
export function effectiveTare(
  containerName: string,
  containers: { name: string; tare_weight_lbs?: number | string | null }[],
  customTare: string,
): number {
  if (containerName === CUSTOM_CONTAINER) return Math.max(0, parseWeight(customTare) ?? 0);
  const c = containers.find((x) => x.name === containerName);
  return parseWeight(c?.tare_weight_lbs ?? null) ?? 0;
}

export type OutboundFormValues = {
  outbound_ticket_type: "type_1_container" | "type_2_truck_scale";
  waste_type: string;
  container_type: string;
  destination: string;
  gross_weight: string;
  custom_tare: string;
  license_plate: string;
  driver_name: string;
  customer_facing_notes: string;
  internal_notes: string;
};

export const NOTES_MAX = 500;

/** Field errors of the outbound form (spec 2 s5); an empty object means the form may be sent. */
export function validateOutbound(v: OutboundFormValues): Partial<Record<keyof OutboundFormValues, string>> {
  const errors: Partial<Record<keyof OutboundFormValues, string>> = {};
  if (!v.waste_type) errors.waste_type = "Waste type is required";
  if (!v.container_type) errors.container_type = "Container type is required";
  if (!v.destination) errors.destination = "Destination is required";
  const gross = parseWeight(v.gross_weight);
  if (gross === null) errors.gross_weight = "Gross weight is required";
  else if (gross <= 0) errors.gross_weight = "Gross weight must be greater than 0";
  if (v.container_type === CUSTOM_CONTAINER && v.custom_tare.trim() === "") {
    errors.custom_tare = "Custom tare weight is required";
  }
  if (v.outbound_ticket_type === "type_2_truck_scale") {
    if (!v.license_plate.trim()) errors.license_plate = "License plate is required";
    if (!v.driver_name.trim()) errors.driver_name = "Driver name is required";
  }
  if (v.customer_facing_notes.length > NOTES_MAX) errors.customer_facing_notes = `At most ${NOTES_MAX} characters`;
  if (v.internal_notes.length > NOTES_MAX) errors.internal_notes = `At most ${NOTES_MAX} characters`;
  return errors;
}
