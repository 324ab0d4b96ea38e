import { Camera } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { formatLbs } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { extractTareWeight } from "../../api/extract-weight";
import { blobToDataUrl, cropTareImage } from "../../lib/crop";
import { StatusMessage } from "../status-message";
import { AI_MESSAGES, tareFailureMessage } from "./ai-messages";
import { AutoCaptureCamera } from "./auto-capture-camera";
import { useTimedStatus } from "./use-timed-message";

export const STANDARD_TARES = [1.5, 2.0, 3.5, 4.2, 6.4, 7.8, 8.0, 12.0, 27.5];
export type TareMode = "ai" | "select" | "manual";

async function frameOf(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.src = url;
  await img.decode();
  URL.revokeObjectURL(url);
  return img;
}

type Props = {
  mode: TareMode;
  onMode: (m: TareMode) => void;
  tare: string;
  onTare: (t: string) => void;
  onTareImage: (dataUrl: string) => void;
  error?: string;
};

/** Custom Container tare: AI reading of the empty container, a standard tare, or typed. */
export function TareCapture({ mode, onMode, tare, onTare, onTareImage, error }: Props) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, show] = useTimedStatus();

  const read = async (blob: Blob) => {
    setCamera(false);
    setBusy(true);
    try {
      const square = await cropTareImage(await frameOf(blob));
      onTareImage(await blobToDataUrl(square));
      const r = await extractTareWeight(square);
      if (r.extracted_weight !== null && r.extracted_weight >= 0) {
        onTare(String(r.extracted_weight));
        show({ tone: "success", text: t("tare.read", { weight: formatLbs(r.extracted_weight) }) });
      } else {
        show({ tone: "error", text: AI_MESSAGES.noWeight });
        onMode("manual");
      }
    } catch (err) {
      show({ tone: "error", text: tareFailureMessage(err) });
      onMode("manual");
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="stack">
      <legend>{t("tare.legend")}</legend>
      <div className="tabs" role="group" aria-label={t("tare.modes")}>
        {(["ai", "select", "manual"] as TareMode[]).map((m) => (
          <Button key={m} variant="secondary" aria-pressed={mode === m} onClick={() => onMode(m)}>
            {t(`tare.${m}`)}
          </Button>
        ))}
      </div>
      <StatusMessage status={status} />
      {mode === "ai" && !camera && <Button size="lg" busy={busy} busyLabel={t("tare.reading")} onClick={() => setCamera(true)}><Camera size={22} aria-hidden="true" /> {t("tare.capture")}</Button>}
      {mode === "ai" && camera && (
        <AutoCaptureCamera onCapture={(b) => void read(b)} onCancel={() => setCamera(false)}
          onDenied={() => { setCamera(false); onMode("manual"); show({ tone: "error", text: AI_MESSAGES.cameraDenied }); }}
          onFailed={() => { setCamera(false); show({ tone: "error", text: AI_MESSAGES.captureFailed }); }} />
      )}
      {mode === "select" && (
        <div className="tabs">
          {STANDARD_TARES.map((w) => (
            <Button key={w} variant="secondary" aria-pressed={Number(tare) === w} onClick={() => onTare(w.toFixed(1))}>{formatLbs(w)}</Button>
          ))}
        </div>
      )}
      <TextField label={t("tare.field")} type="number" inputMode="decimal" step="0.1" min="0" value={tare} error={error}
        readOnly={mode !== "manual"} onChange={(e) => onTare(e.target.value)} />
    </fieldset>
  );
}
