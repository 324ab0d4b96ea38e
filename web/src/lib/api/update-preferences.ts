import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/session";
import type { CurrentUser } from "@/lib/session-types";

export type PreferencesInput = components["schemas"]["PreferencesUpdate"];
export type Preferences = components["schemas"]["PreferencesRead"];

export function updatePreferences(input: PreferencesInput): Promise<Preferences> {
  return api.put<Preferences>("/api/users/preferences", input);
}

/** Saves the user's language; the signed-in user (and its copy for offline starts) carries it. */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: "en" | "es") => updatePreferences({ language }),
    onSuccess: (saved) => {
      queryClient.setQueryData<CurrentUser>(meQueryOptions().queryKey, (me) =>
        me ? { ...me, preferences: { ...(me.preferences ?? {}), language: saved.language } } : me);
    },
  });
}
