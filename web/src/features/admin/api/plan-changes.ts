import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type PendingPlanChangeList = components["schemas"]["PendingPlanChangeList"];
export type PlanChangeDecision = components["schemas"]["PlanChangeDecision"];

export const planChangesQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "plan-changes"],
    queryFn: ({ signal }) => api.get<PendingPlanChangeList>("/api/admin/plan-changes", undefined, signal),
  });

export const usePlanChanges = () => useQuery(planChangesQueryOptions());

/** Approve (the plan takes effect now) or decline (the company keeps its plan) a waiting change. */
export function useDecidePlanChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId: string; action: "approve" | "decline" }) =>
      api.post<PlanChangeDecision>(`/api/admin/plan-changes/${input.companyId}/${input.action}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin"] }),
  });
}
