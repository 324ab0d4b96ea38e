import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type Subscription = components["schemas"]["SubscriptionRead"];
export type PlanList = components["schemas"]["PlanList"];
export type InvoiceList = components["schemas"]["SubscriptionInvoiceList"];
export type PlanChangeResult = components["schemas"]["PlanChangeResult"];
export type CancelResult = components["schemas"]["CancelResult"];

export const currentSubscriptionQuery = () =>
  queryOptions({ queryKey: ["subscription", "current"], queryFn: ({ signal }) => api.get<Subscription>("/api/subscription/current", undefined, signal) });
export const plansQuery = () =>
  queryOptions({ queryKey: ["subscription", "plans"], queryFn: ({ signal }) => api.get<PlanList>("/api/subscription/plans", undefined, signal) });
export const invoicesQuery = () =>
  queryOptions({ queryKey: ["subscription", "invoices"], queryFn: ({ signal }) => api.get<InvoiceList>("/api/subscription/invoices", undefined, signal) });

export const useCurrentSubscription = () => useQuery(currentSubscriptionQuery());
export const usePlans = () => useQuery(plansQuery());
export const useSubscriptionInvoices = () => useQuery(invoicesQuery());

function useRefreshAll() {
  const qc = useQueryClient();
  // The plan decides menus and gates everywhere: refetch everything that depends on it.
  return () => qc.invalidateQueries();
}

export function useChangePlan() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: (plan: string) => api.post<PlanChangeResult>("/api/subscription/change-plan", { plan }), onSuccess: refresh });
}

export function useCancelSubscription() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: () => api.post<CancelResult>("/api/subscription/cancel"), onSuccess: refresh });
}
