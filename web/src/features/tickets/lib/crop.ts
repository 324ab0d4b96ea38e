// The tare image is cropped to a centred square of at most 640 px, JPEG quality 0.85 (spec 2 s5).
import { CAPTURE_JPEG_QUALITY, canvasToJpeg } from "@/components/plate-camera/jpeg";

export { CAPTURE_JPEG_QUALITY, canvasToJpeg };
export const TARE_MAX_SIDE = 640;
export const TARE_JPEG_QUALITY = 0.85;

export type SquareCrop = { sx: number; sy: number; side: number; outSide: number };

export function centredSquare(width: number, height: number, maxSide = TARE_MAX_SIDE): SquareCrop {
  const side = Math.min(width, height);
  return {
    sx: Math.floor((width - side) / 2),
    sy: Math.floor((height - side) / 2),
    side,
    outSide: Math.min(side, maxSide),
  };
}

/** Draws the centred square of a source (video frame or image) into a JPEG Blob. */
export async function cropTareImage(
  source: CanvasImageSource & { width?: number; height?: number; videoWidth?: number; videoHeight?: number },
): Promise<Blob> {
  const w = source.videoWidth || (source.width as number);
  const h = source.videoHeight || (source.height as number);
  const crop = centredSquare(w, h);
  const canvas = document.createElement("canvas");
  canvas.width = crop.outSide;
  canvas.height = crop.outSide;
  canvas.getContext("2d")!.drawImage(source, crop.sx, crop.sy, crop.side, crop.side, 0, 0, crop.outSide, crop.outSide);
  return canvasToJpeg(canvas, TARE_JPEG_QUALITY);
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  const [head, body] = dataUrl.split(",", 2);
  const mime = /data:([^;]+)/.exec(head)?.[1] ?? "image/jpeg";
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: mime });
}
