import { env } from "@/config/env";
import { getToken } from "@/lib/auth-token";
import { ApiError } from "@/lib/api-client";
import { exportFileName, type ExportFormat } from "../lib/export-file";
import type { TicketFilters } from "../types";

/** GET /api/tickets/export/{format} with the screen's filters; saves the file the server names. */
export async function exportTickets(format: ExportFormat, filters: TicketFilters): Promise<string> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "" && k !== "limit") params.set(k, String(v));
  const token = getToken();
  const response = await fetch(`${env.apiBaseUrl}/api/tickets/export/${format}?${params}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
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
  const name = exportFileName(response.headers.get("content-disposition"), format);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
