// What the licence-plate camera does with the reader's answer (spec 3 s2.2 and s8, spec 2 s8).
import { ApiError } from "@/lib/api-client";
import { t } from "@/lib/i18n";

/** The camera's messages in the user's language (read when shown, so a switch applies at once). */
export const PLATE_MESSAGES = {
  get cameraDenied() { return t("plate.cameraDenied"); },
  get processingFailed() { return t("plate.processingFailed"); },
  get noPlate() { return t("plate.noPlate"); },
  get lookupFailed() { return t("plate.lookupFailed"); },
};

/** POST /api/ai/license-plate-recognition (api/ai/schemas.py PlateRecognitionRead). */
export type PlateRecognition = {
  success?: boolean;
  license_plate: string | null;
  detected_text?: string | null;
  confidence?: number | null;
  provider_used?: string | null;
  message?: string | null;
};

export type PlateScanOutcome =
  /** A plate: fill the field and run the look-up. */
  | { kind: "plate"; plate: string }
  /** Only raw text: fill it so the operator checks it by eye; no look-up until they do. */
  | { kind: "verify"; plate: string; message: string }
  /** Nothing usable: the operator types the plate. */
  | { kind: "none"; message: string };

/** The plate field holds upper case; the reader's raw text may carry spaces or dashes. */
export const plateFieldText = (text: string) => text.trim().replace(/\s+/g, " ").toUpperCase();

export function plateScanOutcome(r: PlateRecognition): PlateScanOutcome {
  const plate = plateFieldText(r.license_plate ?? "");
  if (plate) return { kind: "plate", plate };
  const detected = plateFieldText(r.detected_text ?? "");
  if (detected) return { kind: "verify", plate: detected, message: t("plate.verify", { plate: detected }) };
  return { kind: "none", message: PLATE_MESSAGES.noPlate };
}

/** A refused or failed reading: the server's detail when it gave one; a local failure (no frame) has its own line. */
export function plateRecognitionError(err: unknown): string {
  if (err instanceof ApiError) return t("plate.aiError", { message: err.message || t("plate.aiErrorUnknown") });
  return PLATE_MESSAGES.processingFailed;
}

export const plateNotFoundMessage = (plate: string) => t("plate.notFound", { plate: plateFieldText(plate) });
