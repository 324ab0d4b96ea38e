import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";

type S = components["schemas"];

export type PublicSettings = S["PublicSettingsRead"];

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
