import type { LogoRead } from "@/lib/api/get-logo";
import { api } from "@/lib/api-client";

export function deleteLogo(): Promise<LogoRead> {
  return api.delete<LogoRead>("/api/company/logo");
}
