import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import { fetchApiFile, saveResponse } from "@/lib/download";
import type { OnProgress } from "@/lib/use-busy-action";

export type BillingOverview = components["schemas"]["BillingOverview"];
export type Transaction = components["schemas"]["Transaction"];
export type AdminPlanList = components["schemas"]["AdminPlanList"];
export type SystemReports = components["schemas"]["SystemReports"];
export type RetryAllResult = components["schemas"]["RetryAllResult"];

export const billingQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "billing"], queryFn: ({ signal }) => api.get<BillingOverview>("/api/admin/billing", undefined, signal) });
export const plansQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "plans"], queryFn: ({ signal }) => api.get<AdminPlanList>("/api/admin/plans", undefined, signal) });
export const reportsQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "reports"], queryFn: ({ signal }) => api.get<SystemReports>("/api/admin/reports", undefined, signal) });

export const usePlatformBilling = () => useQuery(billingQueryOptions());
export const useAdminPlans = () => useQuery(plansQueryOptions());
export const useSystemReports = () => useQuery(reportsQueryOptions());

export function useRetryPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => api.post<Transaction>(`/api/admin/billing/invoices/${invoiceId}/retry`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin"] }),
  });
}

export function useRetryAll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RetryAllResult>("/api/admin/billing/retry-all"),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin"] }),
  });
}

export function useSetPlanActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; active: boolean }) => api.put<AdminPlanList>(`/api/admin/plans/${input.id}`, { active: input.active }),
    onSuccess: (data) => qc.setQueryData(["admin", "plans"], data),
  });
}

export async function downloadSystemReport(id: string, format: "csv" | "xlsx", onProgress?: OnProgress): Promise<void> {
  const response = await fetchApiFile(`/api/admin/reports/${id}?format=${format}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? `flow_${id}.${format}`;
  await saveResponse(response, name, onProgress);
}
