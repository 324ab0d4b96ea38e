import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type CompleteResetDone = components["schemas"]["CompleteResetDone"];

export function completeReset(): Promise<CompleteResetDone> {
  return api.post<CompleteResetDone>("/api/admin/complete-reset", { confirm_reset: true });
}

export function useCompleteReset() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: completeReset, onSuccess: () => qc.invalidateQueries({ queryKey: ["admin"] }) });
}
