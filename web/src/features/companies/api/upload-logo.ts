import type { LogoRead } from "@/lib/api/get-logo";
import { api } from "@/lib/api-client";

/** POST /api/company/logo with the image as a data URL (the server checks it by content). */
export function uploadLogo(logoData: string): Promise<LogoRead> {
  return api.post<LogoRead>("/api/company/logo", { logo_data: logoData });
}
