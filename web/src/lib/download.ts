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

/** The file's length when the server says it and the bytes read are the bytes sent (no compression). */
export function knownLength(response: Response): number | null {
  if (response.headers.get("content-encoding")) return null;
  const length = Number(response.headers.get("content-length"));
  return Number.isFinite(length) && length > 0 ? length : null;
}

/** The body of a file answer, telling `onProgress` the bytes received so far as they arrive (and
 * the whole length when known, for a percentage). */
export async function readWithProgress(response: Response, onProgress?: (bytes: number, total: number | null) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const total = knownLength(response);
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: response.headers.get("content-type") ?? "application/octet-stream" });
}

/** Hand a downloaded file to the browser under `name` (with `onProgress`, bytes received so far). */
export async function saveResponse(response: Response, name: string, onProgress?: (bytes: number, total: number | null) => void): Promise<void> {
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

/** GET a file of the API with these query parameters (empty ones left out) and save it under the
 * server's name (else `fallback`); `onProgress` hears the bytes as they arrive. */
export async function downloadApiFile(path: string, params: Record<string, string | undefined | null>, fallback: string,
  onProgress?: (bytes: number, total: number | null) => void): Promise<string> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") query.set(k, v);
  const response = await fetchApiFile(`${path}?${query}`);
  const name = fileNameFrom(response.headers.get("content-disposition"), fallback);
  await saveResponse(response, name, onProgress);
  return name;
}
