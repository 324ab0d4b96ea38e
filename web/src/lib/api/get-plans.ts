// Public plan table (GET /api/subscription/plans): read by the landing page and the sign-up chooser.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type PlanRead = components["schemas"]["PlanRead"];

export function getPlans(signal?: AbortSignal): Promise<{ plans: PlanRead[] }> {
  return api.get<{ plans: PlanRead[] }>("/api/subscription/plans", undefined, signal);
}

export const getPlansQueryOptions = () =>
  queryOptions({
    queryKey: ["public", "subscription", "plans"],
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 5 * 60_000,
  });

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
