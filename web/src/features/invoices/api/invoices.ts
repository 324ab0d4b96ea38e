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

export type Statement = components["schemas"]["Statement"];
export type BillingAccount = components["schemas"]["BillingAccount"];
export type BillingAccountUpdate = components["schemas"]["BillingAccountUpdate"];
export type StatementQuery = { customer_id: string; start_date: string; end_date: string };

export const statementQueryOptions = (q: StatementQuery) =>
  queryOptions({ queryKey: [...KEY, "statement", q], queryFn: ({ signal }) => api.get<Statement>("/api/invoices/statement/activity", q, signal) });
export const useStatement = (q: StatementQuery | null) =>
  useQuery({ ...statementQueryOptions(q ?? { customer_id: "", start_date: "", end_date: "" }), enabled: q !== null && q.customer_id !== "" });

/** A month's consolidated invoices, as of `asOf`: a consolidated invoice is issued on the month's
 * last day, so the running month is read as of that day (its loads so far, not yet aged). */
export const monthlyInvoicesQueryOptions = (period: string, asOf: string) =>
  queryOptions({ queryKey: [...KEY, "monthly", period, asOf], queryFn: ({ signal }) => api.get<InvoiceList>("/api/invoices", { billing_period: period, as_of: asOf, limit: "1000" }, signal) });
export const useMonthlyInvoices = (period: string, asOf: string) => useQuery(monthlyInvoicesQueryOptions(period, asOf));

const ACCOUNTS = [...KEY, "billing-accounts"] as const;
export const useBillingAccounts = () =>
  useQuery({ queryKey: ACCOUNTS, queryFn: ({ signal }) => api.get<{ accounts: BillingAccount[] }>("/api/invoices/billing-accounts", {}, signal) });

/** Set a customer's billing cycle or terms (applies to loads billed from now on). */
export function useSaveBillingAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BillingAccountUpdate }) => api.put<BillingAccount>(`/api/invoices/billing-accounts/${id}`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ACCOUNTS }),
  });
}
