// Multi-image capture caps (spec 2 s5 and s9): 2 gross, 2 tare, 8 additional, 10 in all.
export type ImageKind = "gross" | "tare" | "additional";

export const IMAGE_CAPS: Record<ImageKind, number> = { gross: 2, tare: 2, additional: 8 };
export const IMAGE_TOTAL_CAP = 10;

export type CapturedImage = { id: string; data: string; timestamp: string; type: ImageKind };

export function countByKind(images: CapturedImage[]): Record<ImageKind, number> {
  const counts: Record<ImageKind, number> = { gross: 0, tare: 0, additional: 0 };
  for (const img of images) counts[img.type] += 1;
  return counts;
}

/** The capture button is disabled at 10 images in all. */
export function isCaptureDisabled(images: CapturedImage[]): boolean {
  return images.length >= IMAGE_TOTAL_CAP;
}

export function canAddImage(images: CapturedImage[], kind: ImageKind): boolean {
  if (isCaptureDisabled(images)) return false;
  return countByKind(images)[kind] < IMAGE_CAPS[kind];
}

export function addImage(images: CapturedImage[], image: CapturedImage): CapturedImage[] {
  return canAddImage(images, image.type) ? [...images, image] : images;
}

/** The newest scale photo leads its kind; the oldest of that kind goes when the cap is reached. */
export function putFirst(images: CapturedImage[], image: CapturedImage): CapturedImage[] {
  const same = images.filter((i) => i.type === image.type);
  const dropped = same.length >= IMAGE_CAPS[image.type] ? same[same.length - 1] : null;
  const rest = images.filter((i) => i !== dropped);
  if (!dropped && rest.length >= IMAGE_TOTAL_CAP) return images;
  return [image, ...rest];
}

export const newImage = (type: ImageKind, data: string): CapturedImage => ({
  id: crypto.randomUUID(), data, timestamp: new Date().toISOString(), type,
});
