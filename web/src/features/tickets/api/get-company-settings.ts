import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type LocationSettings = { advanced_options_enabled: boolean; store_id?: string | null };

export const getCompanySettings = (storeId: string | null, signal?: AbortSignal) =>
  api.get<LocationSettings>("/api/company/settings", { store_id: storeId ?? undefined }, signal);

export const getCompanySettingsQueryOptions = (storeId: string | null) =>
  queryOptions({ queryKey: ["company", "settings", storeId], queryFn: ({ signal }) => getCompanySettings(storeId, signal) });

export const useLocationSettings = (storeId: string | null) => useQuery(getCompanySettingsQueryOptions(storeId));
