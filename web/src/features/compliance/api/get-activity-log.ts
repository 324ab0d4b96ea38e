import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type ComplianceLog = components["schemas"]["ComplianceLog"];
/** The dashboard carries the newest 20 entries; the log pages 20 at a time. */
export const LOG_PAGE = 20;

/** A later page of the Compliance Activity Log (under "compliance": every compliance write reloads it). */
export function useActivityLog(year: number, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: ["compliance", "activity-log", year, offset],
    queryFn: ({ signal }) => api.get<ComplianceLog>("/api/compliance/activity-log", { year: String(year), limit: String(LOG_PAGE), offset: String(offset) }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
