import { useCallback, useEffect, useRef } from "react";
import { CAPTURE_JPEG_QUALITY, canvasToJpeg } from "./jpeg";

// Rear camera, ideal 1920x1080 (spec 2 s4); the stream is always stopped on leave.
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: "environment" }, width: { ideal: 1920 }, height: { ideal: 1080 } },
};

export class CameraDenied extends Error {}

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const start = useCallback(async () => {
    stop();
    if (!navigator.mediaDevices?.getUserMedia) throw new CameraDenied("no camera API");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
    } catch (err) {
      throw new CameraDenied(err instanceof Error ? err.message : "denied");
    }
    streamRef.current = stream;
    const video = videoRef.current;
    if (video) {
      video.srcObject = stream;
      video.muted = true;
      video.setAttribute("playsinline", "true");
      await video.play().catch(() => undefined);
    }
  }, [stop]);

  /** The current frame as a JPEG at quality 0.8. */
  const capture = useCallback(async (): Promise<Blob> => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) throw new Error("camera not ready");
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d")!.drawImage(video, 0, 0);
    return canvasToJpeg(canvas, CAPTURE_JPEG_QUALITY);
  }, []);

  useEffect(() => stop, [stop]);
  return { videoRef, start, stop, capture };
}
