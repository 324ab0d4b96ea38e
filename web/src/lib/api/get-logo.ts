import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type LogoRead = components["schemas"]["LogoRead"];

export function getLogo(signal?: AbortSignal): Promise<LogoRead> {
  return api.get<LogoRead>("/api/company/logo", undefined, signal);
}

export const getLogoQueryOptions = () =>
  queryOptions({ queryKey: ["company", "logo"], queryFn: ({ signal }) => getLogo(signal) });

export function useLogo() {
  return useQuery(getLogoQueryOptions());
}
