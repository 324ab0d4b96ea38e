import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type AlertList = components["schemas"]["AlertList"];
/** The dashboard's Customer Alerts show 10 a page (spec 1). */
export const ALERTS_PAGE = 10;

export function getAlerts(offset = 0, signal?: AbortSignal): Promise<AlertList> {
  return api.get<AlertList>("/api/alerts", { limit: String(ALERTS_PAGE), offset: String(offset) }, signal);
}

export const getAlertsQueryOptions = (offset = 0) =>
  queryOptions({ queryKey: ["admin", "alerts", offset], queryFn: ({ signal }) => getAlerts(offset, signal) });

export function useAlerts(offset = 0) {
  return useQuery({ ...getAlertsQueryOptions(offset), placeholderData: keepPreviousData });
}
