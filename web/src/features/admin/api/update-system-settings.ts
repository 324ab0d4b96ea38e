import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { systemSettingsQueryOptions } from "@/lib/session";
import type { SystemSettings } from "@/lib/session-types";

/** One changed field per call; the answer is the whole settings object (spec 1 section 4). */
export function updateSystemSettings(change: Record<string, unknown>): Promise<SystemSettings> {
  return api.put<SystemSettings>("/api/system/settings", change);
}

export function useUpdateSystemSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSettings,
    onSuccess: (settings) => qc.setQueryData(systemSettingsQueryOptions().queryKey, settings),
  });
}
