import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type AlertList = components["schemas"]["AlertList"];

export function getAlerts(signal?: AbortSignal): Promise<AlertList> {
  return api.get<AlertList>("/api/alerts", undefined, signal);
}

export const getAlertsQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "alerts"], queryFn: ({ signal }) => getAlerts(signal) });

export function useAlerts() {
  return useQuery(getAlertsQueryOptions());
}
