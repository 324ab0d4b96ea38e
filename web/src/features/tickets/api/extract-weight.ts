import { api } from "@/lib/api-client";

// The AI reader (api/ai): multipart `image`; "no weight found" is an answer, not an error.
export type WeightReading = {
  success: boolean;
  extracted_weight: number | null;
  confidence: number | null;
  provider_used: string | null;
  message?: string | null;
  /** At or above this confidence the weight is accepted without a check (the API sends it). */
  accept_confidence?: number | null;
  /** "location": the display hid its unit and the location's scale display unit applied. */
  unit_source?: "display" | "location" | null;
  unit_applied?: "lb" | "kg" | null;
  /** The number as the display shows it, in unit_applied (set when the unit came from the location). */
  display_value?: number | null;
};

const toNumber = (v: unknown): number | null => (v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v));

/** storeId: the location the photo is taken at (its scale display unit applies when the display
 * hides the unit); without it the API uses the user's own location. */
export async function extractWeight(image: Blob, { signal, storeId }: { signal?: AbortSignal; storeId?: string | null } = {}): Promise<WeightReading> {
  const form = new FormData();
  form.append("image", image, "scale.jpg");
  if (storeId) form.append("store_id", storeId);
  const r = await api.post<WeightReading>("/api/ai/weight-extraction", form, { signal });
  // Decimal fields may arrive as JSON strings; the screens compute with numbers.
  return { ...r, extracted_weight: toNumber(r.extracted_weight), confidence: toNumber(r.confidence), display_value: toNumber(r.display_value) };
}

/** The tare reading aborts after 30 seconds (spec 2 s9). */
export const TARE_READ_TIMEOUT_MS = 30_000;

/** Rejects with a TimeoutError DOMException when the reader has not answered in 30 seconds. */
export async function extractTareWeight(image: Blob, timeoutMs = TARE_READ_TIMEOUT_MS, storeId?: string | null): Promise<WeightReading> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await extractWeight(image, { signal: controller.signal, storeId });
  } catch (err) {
    if (controller.signal.aborted) throw new DOMException("The tare reading timed out", "TimeoutError");
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
