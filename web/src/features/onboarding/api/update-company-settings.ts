import { api } from "@/lib/api-client";

export interface CompanySettingsInput {
  advanced_options_enabled: boolean;
  store_id?: string;
}

export function updateCompanySettings(input: CompanySettingsInput): Promise<{ advanced_options_enabled: boolean }> {
  return api.put<{ advanced_options_enabled: boolean }>("/api/company/settings", input);
}
