import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useBusyAction } from "@/lib/use-busy-action";
import { notify } from "@/lib/notify";
import { fetchApiFile, fileNameFrom, saveResponse } from "@/lib/download";

export type EarFormat = "json" | "csv" | "xlsx" | "pdf";

/** POST /api/compliance/ear-report/export: 409 with the reason until the year is eligible. */
export async function exportEar(year: number, format: EarFormat, onProgress?: (bytes: number, total: number | null) => void): Promise<string> {
  const response = await fetchApiFile(`/api/compliance/ear-report/export?year=${year}&format=${format}`, { method: "POST" });
  const name = fileNameFrom(response.headers.get("content-disposition"), `ear_report_${year}.${format}`);
  await saveResponse(response, name, onProgress);
  return name;
}

/** EAR generation as a busy action: the running format's button says "Preparing…" (and how much
 * has arrived), a failure shows beside the buttons, success is confirmed. */
export function useExportEar() {
  const queryClient = useQueryClient();
  const action = useBusyAction();
  const { run } = action;
  const start = useCallback((year: number, format: EarFormat) => void run(format, async (onProgress) => {
    await exportEar(year, format, onProgress);
    notify({ kind: "success", message: "EAR Report exported successfully!" });
    // The export is logged in the activity log.
    void queryClient.invalidateQueries({ queryKey: ["compliance"] });
  }, "Export failed."), [run, queryClient]);
  return { ...action, start };
}
