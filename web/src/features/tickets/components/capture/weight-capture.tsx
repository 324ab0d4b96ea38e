import { Camera } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatLbs } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { extractWeight } from "../../api/extract-weight";
import { blobToDataUrl } from "../../lib/crop";
import { StatusMessage } from "../status-message";
import { AI_MESSAGES, readingDoubt, unitNote } from "./ai-messages";
import { AutoCaptureCamera } from "./auto-capture-camera";
import { useTimedStatus } from "./use-timed-message";

export type AcceptedReading = { weight: number; confidence: number | null; provider: string | null; image: string };

type Props = {
  onAccept: (reading: AcceptedReading) => void;
  /** Photo kept without an AI weight (the operator types it). */
  onPhotoOnly?: (image: string) => void;
  onManual?: () => void;
  label?: string;
  /** The location the photo is taken at: its scale display unit applies when the display hides the unit. */
  storeId?: string | null;
};

/** Take Weight Image: auto-capture, AI reading, then Accept Weight or Retake Photo (spec 2 s4). */
export function WeightCapture({ onAccept, onPhotoOnly, onManual, label, storeId }: Props) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"idle" | "camera" | "reading" | "review">("idle");
  const [denied, setDenied] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [reading, setReading] = useState<{ weight: number; confidence: number | null; provider: string | null } | null>(null);
  const [doubt, setDoubt] = useState<string | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  const [status, show] = useTimedStatus();

  const read = async (blob: Blob) => {
    const data = await blobToDataUrl(blob);
    setImage(data);
    setMode("reading");
    show({ tone: "info", text: t("capture.reading") });
    try {
      const r = await extractWeight(blob, { storeId });
      if (r.extracted_weight !== null && r.extracted_weight > 0) {
        setReading({ weight: r.extracted_weight, confidence: r.confidence, provider: r.provider_used });
        const why = readingDoubt(r);
        setDoubt(why);
        setUnit(unitNote(r));
        const weight = formatLbs(r.extracted_weight);
        show(why ? { tone: "info", text: t("capture.readCheck", { weight }) } : { tone: "success", text: t("capture.read", { weight }) });
        setMode("review");
        return;
      }
      show({ tone: "error", text: AI_MESSAGES.noWeight });
    } catch {
      show({ tone: "error", text: AI_MESSAGES.failed });
    }
    onPhotoOnly?.(data);
    setMode("idle");
    onManual?.();
  };

  const retake = () => {
    setImage(null);
    setReading(null);
    setDoubt(null);
    setUnit(null);
    setMode("camera");
  };

  return (
    <div className="stack">
      <StatusMessage status={status} />
      {mode === "idle" && (
        <>
          <Button size="lg" className="btn-block" onClick={() => { setDenied(false); setMode("camera"); }}><Camera size={22} aria-hidden="true" /> {label ?? t("capture.take")}</Button>
          {denied && (
            <label className="btn btn-secondary btn-lg btn-block file-button">
              {t("capture.backup")}
              <input type="file" accept="image/*" capture="environment" className="sr-only" aria-label={t("capture.backupLabel")}
                onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ""; if (f) void read(f); }} />
            </label>
          )}
        </>
      )}
      {mode === "camera" && (
        <AutoCaptureCamera
          hint={t("capture.aim")}
          onCapture={(b) => void read(b)}
          onDenied={() => { setDenied(true); setMode("idle"); show({ tone: "error", text: AI_MESSAGES.cameraDenied }); }}
          onFailed={() => { setMode("idle"); show({ tone: "error", text: AI_MESSAGES.captureFailed }); }}
          onCancel={() => setMode("idle")}
        />
      )}
      {mode === "reading" && (
        <div className="simple-card">
          {image && <img src={image} alt={t("capture.photoAlt")} className="simple-photo" />}
          <p className="loading"><span className="spinner" aria-hidden="true" /> {t("capture.reading")}</p>
        </div>
      )}
      {mode === "review" && reading && image && (
        <div className="simple-card stack">
          <img src={image} alt={t("capture.photoAlt")} className="simple-photo" />
          <div className="confirm-weight">
            <span className="muted">{reading.confidence !== null ? t("capture.aiWeightConfidence", { pct: Math.round(reading.confidence) }) : t("capture.aiWeight")}</span>
            <strong>{formatLbs(reading.weight)}</strong>
          </div>
          {unit && <p className="muted" data-testid="reading-unit">{unit}</p>}
          {doubt && <p className="alert alert-warning" role="alert" data-testid="reading-doubt">{doubt}</p>}
          <Button size="lg" className="btn-block" onClick={() => { onAccept({ ...reading, image }); setMode("idle"); setImage(null); setReading(null); setDoubt(null); }}>
            {t("capture.accept")}
          </Button>
          <Button variant="secondary" size="lg" className="btn-block" onClick={retake}>{t("capture.retake")}</Button>
        </div>
      )}
    </div>
  );
}
