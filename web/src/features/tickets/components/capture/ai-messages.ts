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

export function tareFailureMessage(err: unknown): string {
  if (err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError")) return AI_MESSAGES.tareTimeout;
  if (err instanceof ApiError) {
    if (err.status === 0 || err.message === NETWORK_ERROR) return AI_MESSAGES.tareNetwork;
    return `AI Vision tare weight processing failed: ${err.message || `HTTP ${err.status}`}`;
  }
  return `AI Vision tare weight processing failed: ${err instanceof Error ? err.message : "unknown error"}`;
}
