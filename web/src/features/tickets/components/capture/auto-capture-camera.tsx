import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CameraDenied, useCamera } from "@/components/plate-camera/use-camera";
import { useTranslation } from "@/lib/i18n";

export const COUNTDOWN_SECONDS = 2;
export const COUNTDOWN_START_DELAY_MS = 1000;

type Props = {
  /** Called with the captured JPEG; the camera is stopped first. */
  onCapture: (image: Blob) => void;
  onDenied: () => void;
  onFailed: () => void;
  onCancel: () => void;
  /** The camera is open (the countdown starts 1 s later). */
  onStarted?: () => void;
  hint?: string;
};

/** Opens the rear camera, counts down 2 seconds (starting 1 s after it opens) and captures. */
export function AutoCaptureCamera({ onCapture, onDenied, onFailed, onCancel, onStarted, hint }: Props) {
  const { t } = useTranslation();
  const { videoRef, start, stop, capture } = useCamera();
  const [countdown, setCountdown] = useState<number | null>(null);
  const done = useRef(false);
  const handlers = useRef({ onCapture, onDenied, onFailed });
  const started = useRef(onStarted);
  started.current = onStarted;
  handlers.current = { onCapture, onDenied, onFailed };

  useEffect(() => {
    let cancelled = false;
    const timers: number[] = [];
    (async () => {
      try {
        await start();
      } catch (err) {
        if (!cancelled) (err instanceof CameraDenied ? handlers.current.onDenied : handlers.current.onFailed)();
        return;
      }
      if (cancelled) return;
      started.current?.();
      timers.push(window.setTimeout(() => {
        let left = COUNTDOWN_SECONDS;
        setCountdown(left);
        const tick = window.setInterval(async () => {
          left -= 1;
          if (left > 0) return setCountdown(left);
          window.clearInterval(tick);
          setCountdown(0);
          if (cancelled || done.current) return;
          done.current = true;
          try {
            const blob = await capture();
            stop();
            handlers.current.onCapture(blob);
          } catch {
            stop();
            handlers.current.onFailed();
          }
        }, 1000);
        timers.push(tick);
      }, COUNTDOWN_START_DELAY_MS));
    })();
    return () => {
      cancelled = true;
      timers.forEach((t) => { window.clearTimeout(t); window.clearInterval(t); });
      stop();
    };
  }, [start, stop, capture]);

  return (
    <div className="camera-view">
      <video ref={videoRef} className="camera-video" playsInline muted autoPlay aria-label={t("capture.cameraPreview")} />
      {countdown !== null && countdown > 0 && (
        <div className="camera-countdown" aria-live="assertive">{countdown}</div>
      )}
      {hint && <p className="camera-hint">{hint}</p>}
      <Button variant="secondary" size="lg" className="btn-block" onClick={() => { stop(); onCancel(); }}>
        {t("common.cancel")}
      </Button>
    </div>
  );
}
