import { Camera } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { LocationPicker } from "@/components/location-picker";
import { ApiError } from "@/lib/api-client";
import { formatLbs } from "@/lib/format";
import { serverMessage, useTranslation } from "@/lib/i18n";
import { useTicketLocation } from "@/lib/ticket-location";
import { extractWeight } from "../../api/extract-weight";
import { submitTicket } from "../../api/create-ticket";
import { blobToDataUrl } from "../../lib/crop";
import { SIMPLE_MESSAGES, buildSimpleTicket, isValidManualWeight, simpleSuccessMessage } from "../../lib/simple-ticket";
import { unitNote } from "../capture/ai-messages";
import { AutoCaptureCamera } from "../capture/auto-capture-camera";
import { StatusMessage, type Status } from "../status-message";
import "../tickets.css";

type View = "start" | "camera" | "reading" | "alternatives" | "confirm";
type Reading = { weight: number; confidence: number | null; provider: string | null; unit: string | null };

const SUCCESS_CLEAR_MS = 8000;

/** Simple Tickets mobile flow (spec 2 s2.6): photo, AI weight or typed weight, one tap to create. */
export function SimpleTickets() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>("start");
  const [status, setStatus] = useState<Status>(null);
  const [image, setImage] = useState<string | null>(null);
  const [reading, setReading] = useState<Reading | null>(null);
  const [manualWeight, setManualWeight] = useState("");
  const [busy, setBusy] = useState(false);
  const location = useTicketLocation();
  const clearTimer = useRef<number | undefined>(undefined);
  const dismissStatus = useCallback(() => setStatus(null), []);

  useEffect(() => () => window.clearTimeout(clearTimer.current), []);

  const reset = () => {
    setView("start");
    setImage(null);
    setReading(null);
    setManualWeight("");
  };

  const readPhoto = async (blob: Blob) => {
    setImage(await blobToDataUrl(blob));
    setView("reading");
    setStatus({ tone: "info", text: SIMPLE_MESSAGES.reading });
    try {
      const result = await extractWeight(blob, { storeId: location.storeId });
      if (result.extracted_weight !== null && result.extracted_weight > 0) {
        setReading({ weight: result.extracted_weight, confidence: result.confidence, provider: result.provider_used, unit: unitNote(result) });
        setStatus(null);
        setView("confirm");
        return;
      }
    } catch {
      // Any failure of the reader leads to the same alternatives (spec 2 s4).
    }
    setStatus({ tone: "error", text: SIMPLE_MESSAGES.aiFailed });
    setView("alternatives");
  };

  const create = async () => {
    const weight = reading ? reading.weight : Number(manualWeight);
    if (!(weight > 0)) {
      setStatus({ tone: "error", toast: true, text: SIMPLE_MESSAGES.invalidWeight });
      return;
    }
    if (location.missing) {
      setStatus({ tone: "error", toast: true, text: t("scale.locationRequired") });
      return;
    }
    setBusy(true);
    try {
      const payload = buildSimpleTicket({
        weight,
        imageData: image,
        aiConfidence: reading?.confidence ?? null,
        aiProvider: reading?.provider ?? null,
        storeId: location.storeId,
      });
      const result = await submitTicket(payload);
      if (result.kind === "queued") {
        setStatus({ tone: "info", toast: true, text: t("scale.queued") });
      } else {
        setStatus({ tone: "success", toast: true, text: simpleSuccessMessage(result.ticket.ticket_number, result.ticket.net_weight, weight) });
      }
      window.clearTimeout(clearTimer.current);
      clearTimer.current = window.setTimeout(() => setStatus(null), SUCCESS_CLEAR_MS);
      reset();
    } catch (err) {
      setStatus({
        tone: "error",
        toast: true,
        text: err instanceof ApiError ? t("simple.failed", { message: err.message ? serverMessage(err.message) : t("common.unknownError") }) : t("simple.errorCreating", { message: (err as Error).message }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="simple-tickets" aria-label={t("simple.section")}>
      <StatusMessage status={status} onDismiss={dismissStatus} />
      <LocationPicker choices={location.choices} value={location.storeId} onChange={location.choose} />

      {view === "start" && (
        <button type="button" className="big-camera-button" onClick={() => { setStatus({ tone: "info", text: SIMPLE_MESSAGES.startingCamera }); setView("camera"); }}>
          <Camera className="big-camera-icon" size={72} aria-hidden="true" />
          {t("simple.push")}
        </button>
      )}

      {view === "camera" && (
        <AutoCaptureCamera
          onStarted={() => setStatus({ tone: "info", text: SIMPLE_MESSAGES.aim })}
          onCapture={(blob) => void readPhoto(blob)}
          onDenied={() => { setStatus({ tone: "error", text: SIMPLE_MESSAGES.cameraDenied }); setView("alternatives"); }}
          onFailed={() => { setStatus({ tone: "error", text: SIMPLE_MESSAGES.captureFailed }); setView("alternatives"); }}
          onCancel={() => { setStatus(null); reset(); }}
        />
      )}

      {view === "reading" && (
        <div className="simple-card">
          {image && <img src={image} alt={t("capture.photoAlt")} className="simple-photo" />}
          <p className="loading"><span className="spinner" aria-hidden="true" /> {SIMPLE_MESSAGES.reading}</p>
        </div>
      )}

      {view === "alternatives" && (
        <div className="simple-card stack">
          <h2>{t("simple.alternatives")}</h2>
          {image && <img src={image} alt={t("capture.photoAlt")} className="simple-photo" />}
          <label className="btn btn-secondary btn-lg btn-block file-button">
            {t("simple.gallery")}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              aria-label={t("simple.galleryLabel")}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) void readPhoto(file);
              }}
            />
          </label>
          <div className="field">
            <label htmlFor="simple-manual-weight">{t("simple.manualWeight")}</label>
            <input
              id="simple-manual-weight"
              type="number"
              inputMode="decimal"
              step="0.1"
              min="0.1"
              className="weight-input"
              value={manualWeight}
              onChange={(e) => setManualWeight(e.target.value)}
            />
          </div>
          <Button
            size="lg"
            className="btn-block"
            disabled={!isValidManualWeight(manualWeight) || busy}
            onClick={() => { setReading(null); setStatus(null); setView("confirm"); }}
          >
            {t("simple.continueManual")}
          </Button>
          <Button variant="secondary" size="lg" className="btn-block" disabled={busy} onClick={() => { setStatus({ tone: "info", text: SIMPLE_MESSAGES.startingCamera }); setView("camera"); }}>
            {t("simple.tryAgain")}
          </Button>
        </div>
      )}

      {view === "confirm" && (
        <div className="simple-card stack">
          <h2>{t("simple.confirm")}</h2>
          {image ? <img src={image} alt={t("capture.photoAlt")} className="simple-photo" /> : <p className="muted">{t("simple.noPhoto")}</p>}
          <div className="confirm-weight">
            <span className="muted">{t("simple.weight")}</span>
            <strong data-testid="confirm-weight">{formatLbs(reading ? reading.weight : Number(manualWeight))}</strong>
          </div>
          <p className="muted">
            {reading?.confidence !== null && reading?.confidence !== undefined
              ? t("simple.aiConfidence", { pct: Math.round(reading.confidence) })
              : t("simple.enteredManually")}
          </p>
          {reading?.unit && <p className="muted" data-testid="reading-unit">{reading.unit}</p>}
          <Button size="lg" className="btn-block" busy={busy} busyLabel={t("common.creating")} onClick={() => void create()}>
            {t("scale.create")}
          </Button>
          <Button variant="secondary" size="lg" className="btn-block" disabled={busy} onClick={() => { setStatus(null); reset(); }}>
            {t("simple.retake")}
          </Button>
        </div>
      )}
    </section>
  );
}
