import { env } from "@/config/env";
import { ApiError } from "@/lib/api-client";
import { getToken } from "@/lib/auth-token";

/** Fetch a file from the API with the session's token; a refusal becomes an ApiError carrying
 * the server's detail (the JSON client cannot be used: the answer is a file, not JSON). */
export async function fetchApiFile(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
  const token = getToken();
  const response = await fetch(`${env.apiBaseUrl}${path}`, {
    ...init,
    headers: { ...init.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    let detail = `HTTP ${response.status}`;
    try {
      detail = (await response.json()).detail ?? detail;
    } catch {
      /* not JSON */
    }
    throw new ApiError(detail, response.status, null);
  }
  return response;
}

/** The body of a file answer, telling `onProgress` the bytes received so far as they arrive. */
export async function readWithProgress(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type: response.headers.get("content-type") ?? "application/octet-stream" });
}

/** Hand a downloaded file to the browser under `name` (with `onProgress`, bytes received so far). */
export async function saveResponse(response: Response, name: string, onProgress?: (bytes: number) => void): Promise<void> {
  const url = URL.createObjectURL(await readWithProgress(response, onProgress));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name the server gives in content-disposition, else `fallback`. */
export function fileNameFrom(contentDisposition: string | null, fallback: string): string {
  const plain = contentDisposition && /filename\s*=\s*("?)([^";]+)\1/i.exec(contentDisposition);
  return plain ? plain[2].trim() : fallback;
}
