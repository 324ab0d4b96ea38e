import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type InvoiceRow = components["schemas"]["InvoiceRow"];
export type InvoiceList = components["schemas"]["InvoiceList"];
export type InvoiceDetail = components["schemas"]["InvoiceDetail"];
export type AgingReport = components["schemas"]["AgingReport"];
export type DashboardAging = components["schemas"]["DashboardAging"];
export type PaymentCreate = components["schemas"]["PaymentCreate"];
export type PaymentRecorded = components["schemas"]["PaymentRecorded"];
export type PaymentStatus = "pending" | "paid" | "overdue";
export type AgingCategory = "CURRENT" | "1-30" | "31-60" | "61-90" | "90+";
export type InvoiceFilters = { status?: PaymentStatus | ""; aging_category?: AgingCategory | ""; customer_id?: string };

// Everything under ["invoices"]: a payment reloads the list, the aging cards and the dashboard.
const KEY = ["invoices"] as const;

function clean(filters: InvoiceFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
}

export const invoicesQueryOptions = (filters: InvoiceFilters) =>
  queryOptions({ queryKey: [...KEY, "list", filters], queryFn: ({ signal }) => api.get<InvoiceList>("/api/invoices", clean(filters), signal) });

export const agingReportQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, "aging-report"], queryFn: ({ signal }) => api.get<AgingReport>("/api/invoices/aging-report", {}, signal) });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...KEY, "detail", id], queryFn: ({ signal }) => api.get<InvoiceDetail>(`/api/invoices/${id}`, {}, signal) });

export const dashboardInvoicesQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, "dashboard", "recent"], queryFn: ({ signal }) => api.get<InvoiceList>("/api/inbound/invoices", { limit: "10" }, signal) });

export const dashboardAgingQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, "dashboard", "aging"], queryFn: ({ signal }) => api.get<DashboardAging>("/api/inbound/invoices/aging", {}, signal) });

export const useInvoices = (filters: InvoiceFilters) => useQuery(invoicesQueryOptions(filters));
export const useAgingReport = () => useQuery(agingReportQueryOptions());
export const useInvoice = (id: string | null) => useQuery({ ...invoiceQueryOptions(id ?? ""), enabled: id !== null });
export const useDashboardInvoices = () => useQuery(dashboardInvoicesQueryOptions());
export const useDashboardAging = () => useQuery(dashboardAgingQueryOptions());

/** Record a payment; one Idempotency-Key per attempt, so a retry of the same click records one. */
export function useRecordPayment(invoiceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentCreate; key: string }) =>
      api.put<PaymentRecorded>(`/api/invoices/${invoiceId}/payment`, body, { headers: { "Idempotency-Key": key } }),
    onSuccess: (done) => {
      qc.setQueryData(invoiceQueryOptions(invoiceId).queryKey, done.invoice);
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
}
