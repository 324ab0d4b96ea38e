// Export download naming (spec 2 s7): content-disposition name, else flow_tickets_export.{extension}
// ("excel" is the spec's path name for the Excel file, a real .xlsx workbook since issue 32).
export type ExportFormat = "csv" | "excel" | "xlsx" | "pdf";

export function exportFileName(contentDisposition: string | null, format: ExportFormat): string {
  if (contentDisposition) {
    const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
    if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(contentDisposition);
    if (plain) return plain[2].trim();
  }
  return `flow_tickets_export.${format === "excel" ? "xlsx" : format}`;
}

export function exportLabel(format: ExportFormat): string {
  return format === "csv" ? "CSV" : format === "pdf" ? "PDF" : "EXCEL";
}

// The spec's messages ("CSV export completed successfully!") are in lib/i18n: history.exportDone, exportFailed.
