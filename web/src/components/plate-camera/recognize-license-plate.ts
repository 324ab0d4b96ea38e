import { api } from "@/lib/api-client";
import type { PlateRecognition } from "./plate-scan";

// The AI reader (api/ai): multipart `image`; "no plate found" is an answer, not an error.
export async function recognizeLicensePlate(image: Blob, signal?: AbortSignal): Promise<PlateRecognition> {
  const form = new FormData();
  form.append("image", image, "plate.jpg");
  return api.post<PlateRecognition>("/api/ai/license-plate-recognition", form, { signal });
}
