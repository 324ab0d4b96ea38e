import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useTranslation } from "@/lib/i18n";
import { recognizeLicensePlate } from "./recognize-license-plate";
import { PLATE_MESSAGES, plateRecognitionError, plateScanOutcome, type PlateScanOutcome } from "./plate-scan";
import { CameraDenied, useCamera } from "./use-camera";

type Props = {
  open: boolean;
  onClose: () => void;
  /** A reading came back (the modal has closed its camera); the form fills and looks up. */
  onOutcome: (outcome: PlateScanOutcome) => void;
};

/** Licence plate camera (spec 3 s2.2): rear camera, Capture & Recognize, Cancel. */
export function PlateCameraModal({ open, onClose, onOutcome }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} title={t("plate.title")} size="sm" onClose={onClose} locked={busy} closeLabel={t("common.close")}>
      {/* Mounted only while open, so closing unmounts the camera and its stream stops. */}
      {open && <PlateCamera busy={busy} setBusy={setBusy} onClose={onClose} onOutcome={onOutcome} />}
    </Modal>
  );
}

type CameraState = "starting" | "ready" | "denied";

function PlateCamera({ busy, setBusy, onClose, onOutcome }: Omit<Props, "open"> & { busy: boolean; setBusy: (b: boolean) => void }) {
  const { t } = useTranslation();
  const { videoRef, start, stop, capture } = useCamera();
  const [state, setState] = useState<CameraState>("starting");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    start().then(
      () => { if (cancelled) stop(); else setState("ready"); },
      (err) => {
        if (cancelled) return;
        setState("denied");
        setError(err instanceof CameraDenied ? PLATE_MESSAGES.cameraDenied : PLATE_MESSAGES.processingFailed);
      },
    );
    return () => { cancelled = true; stop(); };
  }, [start, stop]);

  useEffect(() => () => setBusy(false), [setBusy]);

  const recognize = async () => {
    setBusy(true);
    setError(null);
    try {
      const reading = await recognizeLicensePlate(await capture());
      stop();
      setBusy(false);
      onOutcome(plateScanOutcome(reading));
    } catch (err) {
      setError(plateRecognitionError(err));
      setBusy(false);
    }
  };

  return (
    <div className="camera-view">
      {state !== "denied" && (
        <video ref={videoRef} className="camera-video" playsInline muted aria-label={t("plate.preview")} />
      )}
      {state === "starting" && <p className="camera-hint" role="status">{t("plate.opening")}</p>}
      {state === "ready" && !error && <p className="camera-hint">{t("plate.frame")}</p>}
      {error && <Alert>{error}</Alert>}
      <div className="plate-camera-actions">
        <Button variant="secondary" size="lg" onClick={onClose} disabled={busy}>{t("common.cancel")}</Button>
        <Button size="lg" busy={busy} busyLabel={t("plate.recognizing")} disabled={state !== "ready"} onClick={() => void recognize()}>
          {t("plate.capture")}
        </Button>
      </div>
    </div>
  );
}
