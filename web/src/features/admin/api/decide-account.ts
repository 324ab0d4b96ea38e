import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type ApprovalResult = components["schemas"]["ApprovalResult"];

export interface Decision {
  id: string;
  action: "approve" | "reject";
  rejection_reason?: string | null;
}

export function decideAccount({ id, ...body }: Decision): Promise<ApprovalResult> {
  return api.post<ApprovalResult>(`/api/admin/approve-account/${id}`, body);
}

/** After a decision the pending list, the stats and the customer list refresh (spec 1 section 4). */
export function useDecideAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: decideAccount, onSettled: () => qc.invalidateQueries({ queryKey: ["admin"] }) });
}
