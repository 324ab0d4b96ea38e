import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type PreferencesInput = components["schemas"]["PreferencesUpdate"];

export function updatePreferences(input: PreferencesInput): Promise<unknown> {
  return api.put("/api/users/preferences", input);
}
