// Messages of spec 2 s8 (tickets) for the scale portal's AI capture.
import { ApiError, NETWORK_ERROR } from "@/lib/api-client";
import { formatLbs, getDisplayLocale } from "@/lib/format";
import { serverMessage, t } from "@/lib/i18n";

// Read when shown, so they are in the language of the moment (lib/i18n).
export const AI_MESSAGES = {
  get cameraDenied() { return t("capture.cameraDenied"); },
  get captureFailed() { return t("capture.captureFailed"); },
  get noWeight() { return t("capture.noWeight"); },
  get failed() { return t("capture.failed"); },
  get tareTimeout() { return t("tare.timeout"); },
  get tareNetwork() { return t("tare.network"); },
};

export const AI_MESSAGE_CLEAR_MS = 5000;

/** Below this confidence a weight is checked before it is accepted, when the answer does not say. */
export const DEFAULT_ACCEPT_CONFIDENCE = 80;
export const LOW_CONFIDENCE = "Low confidence — check the weight.";

// The reader's reasons (api/ai/local_reader.py) to their keys: the API sends them in English.
const DOUBTS: Record<string, string> = {
  "display at an angle": "angle", "decimal point unclear": "point", "unit unclear (lb or kg?)": "label",
  "a digit may be hidden": "skipped", "digits may be hidden": "hidden", "first digit unclear": "leading",
  "last digit may be the l of lb": "lastOne", "more digits read than shown": "extra", "unit hidden": "unitHidden",
};

function doubtWords(reason: string): string {
  const words = reason.replace(/\s*—\s*check the weight\.?$/i, "").trim().toLowerCase();
  const conflict = /^the display shows (lb|kg), this location's scale is set to (lb|kg)$/.exec(words);
  if (conflict) return t("capture.doubt.unitConflict", { shown: conflict[1], setting: conflict[2] });
  const key = DOUBTS[words];
  return key ? t(`capture.doubt.${key}`) : reason;
}

/** Where the weight's unit came from when the display hid it: the location's scale display unit,
 * with the conversion when that is kilograms (234.7 kg = 517.4 lb); null when the display showed it. */
export function unitNote(r: { unit_source?: string | null; unit_applied?: string | null; display_value?: number | string | null;
  extracted_weight: number | null }): string | null {
  if (r.unit_source !== "location") return null;
  if (r.unit_applied !== "kg") return t("capture.unitFromLocation");
  return t("capture.unitFromLocationKg", { shown: Number(r.display_value).toLocaleString(getDisplayLocale(), { maximumFractionDigits: 2 }), weight: formatLbs(r.extracted_weight) });
}

/**
 * Why a weight the reader found is not one to accept without a look, in the operator's words, or
 * null when it is. The API appends the reason to its message:
 * "Weight detected: 206.1 lb (29% confidence). Display at an angle — check the weight."
 */
export function readingDoubt(r: { message?: string | null; confidence: number | null; accept_confidence?: number | null }): string | null {
  const accept = r.accept_confidence ?? DEFAULT_ACCEPT_CONFIDENCE;
  if (r.confidence !== null && r.confidence >= accept) return null;
  const reason = /% confidence\)\. (.+)$/.exec(r.message ?? "")?.[1];
  return reason ? doubtWords(reason) : t("capture.lowConfidence");
}

export function tareFailureMessage(err: unknown): string {
  if (err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError")) return AI_MESSAGES.tareTimeout;
  if (err instanceof ApiError) {
    if (err.status === 0 || err.message === NETWORK_ERROR) return AI_MESSAGES.tareNetwork;
    return t("tare.failed", { message: err.message ? serverMessage(err.message) : `HTTP ${err.status}` });
  }
  return t("tare.failed", { message: err instanceof Error ? err.message : t("common.unknownError") });
}
