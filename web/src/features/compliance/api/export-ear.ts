import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchApiFile, fileNameFrom, saveResponse } from "@/lib/download";

export type EarFormat = "json" | "csv" | "xlsx" | "pdf";

/** POST /api/compliance/ear-report/export: 409 with the reason until the year is eligible. */
export async function exportEar(year: number, format: EarFormat): Promise<string> {
  const response = await fetchApiFile(`/api/compliance/ear-report/export?year=${year}&format=${format}`, { method: "POST" });
  const name = fileNameFrom(response.headers.get("content-disposition"), `ear_report_${year}.${format}`);
  await saveResponse(response, name);
  return name;
}

export function useExportEar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, format }: { year: number; format: EarFormat }) => exportEar(year, format),
    // The export is logged in the activity log.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["compliance"] }),
  });
}
