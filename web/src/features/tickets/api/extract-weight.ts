import { api } from "@/lib/api-client";

// The AI reader (api/ai): multipart `image`; "no weight found" is an answer, not an error.
export type WeightReading = {
  success: boolean;
  extracted_weight: number | null;
  confidence: number | null;
  provider_used: string | null;
  message?: string | null;
};

export function extractWeight(image: Blob, signal?: AbortSignal): Promise<WeightReading> {
  const form = new FormData();
  form.append("image", image, "scale.jpg");
  return api.post<WeightReading>("/api/ai/weight-extraction", form, { signal });
}

/** The tare reading aborts after 30 seconds (spec 2 s9). */
export const TARE_READ_TIMEOUT_MS = 30_000;

export function extractTareWeight(image: Blob): Promise<WeightReading> {
  return extractWeight(image, AbortSignal.timeout(TARE_READ_TIMEOUT_MS));
}
