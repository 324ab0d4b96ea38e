import { api } from "@/lib/api-client";

export interface PreferencesInput {
  timezone: string;
  notifications: { email: boolean; weeklyReports: boolean; complianceReminders: boolean };
  setup_completed: boolean;
}

export function updatePreferences(input: PreferencesInput): Promise<unknown> {
  return api.put("/api/users/preferences", input);
}
