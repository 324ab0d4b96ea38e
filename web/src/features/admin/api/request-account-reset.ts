import { useMutation } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type AccountResetRequested = components["schemas"]["AccountResetRequested"];

export function requestAccountReset(): Promise<AccountResetRequested> {
  return api.post<AccountResetRequested>("/api/admin/request-account-reset");
}

export function useRequestAccountReset() {
  return useMutation({ mutationFn: requestAccountReset });
}
