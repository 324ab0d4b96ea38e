// A camera frame as JPEG (spec 3 s9: camera image quality 0.8), shared by every capture screen.
export const CAPTURE_JPEG_QUALITY = 0.8;

export function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("capture failed"))), "image/jpeg", quality),
  );
}
