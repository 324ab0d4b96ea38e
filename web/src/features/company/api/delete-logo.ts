import type { LogoRead } from "./get-logo";
import { api } from "@/lib/api-client";

export function deleteLogo(): Promise<LogoRead> {
  return api.delete<LogoRead>("/api/company/logo");
}
