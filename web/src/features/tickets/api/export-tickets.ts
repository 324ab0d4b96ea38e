import { fetchApiFile, saveResponse } from "@/lib/download";
import { exportFileName, type ExportFormat } from "../lib/export-file";
import type { TicketFilters } from "./get-tickets";

/** GET /api/tickets/export/{format} with the screen's filters; saves the file the server names. */
export async function exportTickets(format: ExportFormat, filters: TicketFilters, onProgress?: (bytes: number, total: number | null) => void): Promise<string> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "" && k !== "limit" && k !== "offset") params.set(k, String(v));
  const response = await fetchApiFile(`/api/tickets/export/${format}?${params}`);
  const name = exportFileName(response.headers.get("content-disposition"), format);
  await saveResponse(response, name, onProgress);
  return name;
}
