import { useMutation } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type AccountResetDone = components["schemas"]["AccountResetDone"];

export function executeAccountReset(token: string): Promise<AccountResetDone> {
  return api.post<AccountResetDone>("/api/admin/execute-account-reset", { token });
}

export function useExecuteAccountReset() {
  return useMutation({ mutationFn: executeAccountReset });
}
