// The inbound wizard's rules (spec 3 s2.1, s4, s5, s8): steps, guards, messages, the payload.
import type { components } from "@/client/schema";
import { formatCount, formatUsd, formatWeight } from "@/lib/format";
import { t } from "@/lib/i18n";

const i18nT = t; // successMessage names its ticket t

export const STEPS = ["Vehicle", "Customer", "Products", "Gross Weight", "Tare & Payment"] as const;
export const LINE_UNITS = ["lbs", "tons", "cubic_yards"] as const;
export const PAYMENT_METHODS = [
  ["cash", "Cash"], ["check", "Check"], ["venmo", "Venmo"], ["zelle", "Zelle"], ["paypal", "PayPal"],
  ["credit_card", "Credit Card"], ["invoice", "Invoice (charge to account)"],
] as const;
export type LineUnit = (typeof LINE_UNITS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number][0];

/** The weigh-in's messages in the user's language (read when shown). */
export const MESSAGES = {
  get incomplete() { return t("inbound.incomplete"); },
  get failed() { return t("inbound.failed"); },
  get lookupFailed() { return t("plate.lookupFailed"); },
  nameRequired: "Customer name is required",
};

export type Line = { waste_type: string; quantity: string; unit: LineUnit; notes: string };
export const emptyLine = (): Line => ({ waste_type: "", quantity: "", unit: "lbs", notes: "" });

export type WizardState = {
  step: number; // 0..4
  plate: string;
  vehicleId: string | null;
  storedTare: number | null;
  payeeId: string;
  haulerId: string;
  lines: Line[];
  gross: string;
  tare: string;
  useStoredTare: boolean;
  paymentMethod: PaymentMethod;
  notes: string;
};

export const initialState = (): WizardState => ({
  step: 0, plate: "", vehicleId: null, storedTare: null, payeeId: "", haulerId: "", lines: [emptyLine()],
  gross: "", tare: "", useStoredTare: false, paymentMethod: "cash", notes: "",
});

const num = (s: string) => (s.trim() === "" ? NaN : Number(s));
export const completeLines = (lines: Line[]) => lines.filter((l) => l.waste_type && num(l.quantity) > 0);
export const tareOf = (s: WizardState) => (s.useStoredTare && s.storedTare !== null ? s.storedTare : num(s.tare));

/** Next from a step (spec 3 s4): 2 needs a payee, 3 a complete line, 4 a gross above 0. */
export function canLeave(step: number, s: WizardState): boolean {
  if (step === 1) return Boolean(s.payeeId);
  if (step === 2) return completeLines(s.lines).length > 0 && s.lines.every((l) => !(num(l.quantity) < 0));
  if (step === 3) return num(s.gross) > 0;
  return true;
}

/** The Complete button: a payee, a waste type, and gross greater than tare. */
export function canComplete(s: WizardState): boolean {
  const tare = tareOf(s);
  return Boolean(s.payeeId) && completeLines(s.lines).length > 0 && num(s.gross) > 0 && !Number.isNaN(tare) && num(s.gross) > tare;
}

/** Lines can be removed down to one: the last line stays. */
export const removeLine = (lines: Line[], index: number): Line[] => (lines.length <= 1 ? lines : lines.filter((_, i) => i !== index));

/** Estimated total quantity: the sum of line quantities. */
export const estimatedQuantity = (lines: Line[]) => lines.reduce((sum, l) => sum + (num(l.quantity) > 0 ? num(l.quantity) : 0), 0);

export function ticketPayload(s: WizardState, status: "completed" | "saved", clientId: string) {
  const lines = completeLines(s.lines).map((l) => ({
    waste_type: l.waste_type, quantity: l.quantity, unit: l.unit, notes: l.notes.trim() || null,
  }));
  return {
    customer1_id: s.payeeId || null,
    customer2_id: s.haulerId || null,
    vehicle_id: s.vehicleId,
    license_plate: s.vehicleId ? null : s.plate.trim() || null,
    line_items: lines,
    waste_type: lines[0]?.waste_type ?? null,
    gross_weight: s.gross,
    tare_weight: status === "saved" || s.useStoredTare ? null : s.tare,
    use_stored_tare: status === "completed" && s.useStoredTare,
    payment_method: status === "completed" ? s.paymentMethod : null,
    notes: s.notes.trim() || null,
    is_multi_product: lines.length > 1,
    status,
    client_id: clientId,
  };
}

/** What the operator reads when the typed quantities differ from the scale's net (null when equal). */
export function differenceNote(net: number, declared: number): string | null {
  const diff = Math.round((net - declared) * 10) / 10;
  if (diff === 0) return null;
  return t("inbound.difference", { net: formatWeight(net), declared: formatWeight(declared), diff: `${diff > 0 ? "+" : "−"}${formatWeight(Math.abs(diff))}` });
}

/** The price preview's request, or null until there is a payee, a line, a gross and a tare. */
export function previewRequest(s: WizardState): components["schemas"]["InboundPreviewRequest"] | null {
  if (!canComplete(s)) return null;
  return {
    customer1_id: s.payeeId,
    vehicle_id: s.vehicleId,
    line_items: completeLines(s.lines).map((l) => ({ waste_type: l.waste_type, quantity: l.quantity, unit: l.unit })),
    gross_weight: s.gross,
    tare_weight: s.useStoredTare ? null : s.tare,
    use_stored_tare: s.useStoredTare,
  };
}

export function successMessage(t: { ticket_number: string; line_items: unknown[]; total_amount: number }): string {
  const count = t.line_items.length;
  return i18nT("inbound.created", { count, replace: { count: formatCount(count), number: t.ticket_number, total: formatUsd(t.total_amount) } });
}

/** Bulk upload answer (spec 3 s8): the first 3 errors, then '... and N more'. */
export function bulkSummary(r: { successful: number; errors: string[] }): string[] {
  const lines = [`Bulk upload completed! ${r.successful} customers added successfully.`];
  lines.push(...r.errors.slice(0, 3));
  if (r.errors.length > 3) lines.push(`... and ${r.errors.length - 3} more`);
  return lines;
}

/** Only a CSV file (by type or .csv extension). */
export const isCsvFile = (f: { name: string; type: string }) => f.type === "text/csv" || /\.csv$/i.test(f.name);
