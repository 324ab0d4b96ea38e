// Messages of spec 2 s8 (tickets) for the scale portal's AI capture.
import { ApiError, NETWORK_ERROR } from "@/lib/api-client";

export const AI_MESSAGES = {
  cameraDenied: "Camera access denied. Please enable camera permissions and try again.",
  captureFailed: "Failed to capture image. Please try manual entry.",
  noWeight: "AI Vision could not detect weight. Please enter weight manually.",
  failed: "AI Vision processing failed. Please enter weight manually.",
  tareTimeout: "AI Vision tare weight processing timed out. Please check your connection and try again.",
  tareNetwork: "Network error during tare weight processing. Please check your connection and try again.",
} as const;

export const AI_MESSAGE_CLEAR_MS = 5000;

/** Below this confidence a weight is checked before it is accepted, when the answer does not say. */
export const DEFAULT_ACCEPT_CONFIDENCE = 80;
export const LOW_CONFIDENCE = "Low confidence — check the weight.";

/**
 * Why a weight the reader found is not one to accept without a look, in the operator's words, or
 * null when it is. The API appends the reason to its message:
 * "Weight detected: 206.1 lb (29% confidence). Display at an angle — check the weight."
 */
export function readingDoubt(r: { message?: string | null; confidence: number | null; accept_confidence?: number | null }): string | null {
  const accept = r.accept_confidence ?? DEFAULT_ACCEPT_CONFIDENCE;
  if (r.confidence !== null && r.confidence >= accept) return null;
  const reason = /% confidence\)\. (.+)$/.exec(r.message ?? "")?.[1];
  return reason ?? LOW_CONFIDENCE;
}

export function tareFailureMessage(err: unknown): string {
  if (err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError")) return AI_MESSAGES.tareTimeout;
  if (err instanceof ApiError) {
    if (err.status === 0 || err.message === NETWORK_ERROR) return AI_MESSAGES.tareNetwork;
    return `AI Vision tare weight processing failed: ${err.message || `HTTP ${err.status}`}`;
  }
  return `AI Vision tare weight processing failed: ${err instanceof Error ? err.message : "unknown error"}`;
}
