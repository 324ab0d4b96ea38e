import { useMutation } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { fetchApiFile, fileNameFrom, saveResponse } from "@/lib/download";
import type { ReportFilters } from "./report-filters";

export type ReportExportFilters = components["schemas"]["ReportExportFilters"];

export const reportFileName = fileNameFrom;

export function exportBody(filters: ReportFilters): ReportExportFilters {
  const body: ReportExportFilters = { start_date: filters.start_date, end_date: filters.end_date, ticket_type: filters.ticket_type ?? "all" };
  if (filters.store_id) body.store_id = filters.store_id;
  if (filters.waste_type) body.waste_type = filters.waste_type;
  if (filters.destination) body.destination = filters.destination;
  return body;
}

/** POST a report export with the screen's filters and save the PDF under the server's name. */
export async function downloadReportPdf(path: string, filters: ReportFilters, fallback: string,
  onProgress?: (bytes: number, total: number | null) => void): Promise<string> {
  const response = await fetchApiFile(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(exportBody(filters)),
  });
  const name = reportFileName(response.headers.get("content-disposition"), fallback);
  await saveResponse(response, name, onProgress);
  return name;
}

/** POST /api/reports/basic/export: the Basic Report recomputed by the server, as basic_report_{date}.pdf. */
export const exportBasicReport = (filters: ReportFilters, onProgress?: (bytes: number, total: number | null) => void) =>
  downloadReportPdf("/api/reports/basic/export", filters, "basic_report.pdf", onProgress);

export function useExportBasicReport() {
  return useMutation({ mutationFn: (filters: ReportFilters) => exportBasicReport(filters) });
}
