import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface PublicSettings {
  recaptcha_enabled: boolean;
  recaptcha_site_key: string;
  recaptcha_min_score: number;
}

export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return api.get<PublicSettings>("/api/system-settings/public", undefined, signal);
}

export const getPublicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["public", "system-settings"],
    queryFn: ({ signal }) => getPublicSettings(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function usePublicSettings() {
  return useQuery(getPublicSettingsQueryOptions());
}
