import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QueryOf, Schema } from "@/client/types";
import type { PaymentBody } from "@/components/money/payment-form";
import { api } from "@/lib/api-client";

// Every type is the API's, generated into src/client/schema.d.ts.
type ListQuery = QueryOf<"invoices-list_invoices">;
export type InvoiceRow = Schema<"InvoiceRow">;
export type InvoiceDetail = Schema<"InvoiceDetail">;
export type BillingAccount = Schema<"BillingAccount">;
export type PaymentStatus = NonNullable<ListQuery["status"]>;
export type AgingCategory = NonNullable<ListQuery["aging_category"]>;
/** The list's filters as the screen holds them ("" = any). */
export type InvoiceFilters = { [K in "status" | "aging_category" | "customer_id" | "search"]?: NonNullable<ListQuery[K]> | "" } & { limit?: string; offset?: string };
/** The statement's query, every day given (the screen picks them). */
export type StatementQuery = { [K in keyof QueryOf<"invoices-customer_statement_activity">]-?: string };

// Everything under ["invoices"]: a payment reloads the list, the aging cards and the dashboard.
const KEY = ["invoices"] as const;

function clean(filters: InvoiceFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
}

export const invoicesQueryOptions = (filters: InvoiceFilters) =>
  queryOptions({ queryKey: [...KEY, "list", filters], queryFn: ({ signal }) => api.get<Schema<"InvoiceList">>("/api/invoices", clean(filters), signal) });

export const agingReportQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, "aging-report"], queryFn: ({ signal }) => api.get<Schema<"AgingReport">>("/api/invoices/aging-report", {}, signal) });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...KEY, "detail", id], queryFn: ({ signal }) => api.get<InvoiceDetail>(`/api/invoices/${id}`, {}, signal) });

export const dashboardInvoicesQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, "dashboard", "recent"], queryFn: ({ signal }) => api.get<Schema<"InvoiceList">>("/api/inbound/invoices", { limit: "10" }, signal) });

export const dashboardAgingQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, "dashboard", "aging"], queryFn: ({ signal }) => api.get<Schema<"DashboardAging">>("/api/inbound/invoices/aging", {}, signal) });

export const useInvoices = (filters: InvoiceFilters) => useQuery({ ...invoicesQueryOptions(filters), placeholderData: (previous) => previous });
export const useAgingReport = () => useQuery(agingReportQueryOptions());
export const useInvoice = (id: string | null) => useQuery({ ...invoiceQueryOptions(id ?? ""), enabled: id !== null });
export const useDashboardInvoices = () => useQuery(dashboardInvoicesQueryOptions());
export const useDashboardAging = () => useQuery(dashboardAgingQueryOptions());

/** Record a payment; one Idempotency-Key per attempt, so a retry of the same click records one. */
export function useRecordPayment(invoiceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentBody; key: string }) =>
      api.put<Schema<"PaymentRecorded">>(`/api/invoices/${invoiceId}/payment`, body, { headers: { "Idempotency-Key": key } }),
    onSuccess: (done) => {
      qc.setQueryData(invoiceQueryOptions(invoiceId).queryKey, done.invoice);
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
}

export const statementQueryOptions = (q: StatementQuery) =>
  queryOptions({ queryKey: [...KEY, "statement", q], queryFn: ({ signal }) => api.get<Schema<"Statement">>("/api/invoices/statement/activity", q, signal) });
export const useStatement = (q: StatementQuery | null) =>
  useQuery({ ...statementQueryOptions(q ?? { customer_id: "", start_date: "", end_date: "" }), enabled: q !== null && q.customer_id !== "" });

/** A month's consolidated invoices, as of `asOf`: a consolidated invoice is issued on the month's
 * last day, so the running month is read as of that day (its loads so far, not yet aged). */
export const monthlyInvoicesQueryOptions = (period: string, asOf: string) =>
  queryOptions({ queryKey: [...KEY, "monthly", period, asOf], queryFn: ({ signal }) => api.get<Schema<"InvoiceList">>("/api/invoices", { billing_period: period, as_of: asOf, limit: "1000" }, signal) });
export const useMonthlyInvoices = (period: string, asOf: string) => useQuery(monthlyInvoicesQueryOptions(period, asOf));

const ACCOUNTS = [...KEY, "billing-accounts"] as const;
export const useBillingAccounts = () =>
  useQuery({ queryKey: ACCOUNTS, queryFn: ({ signal }) => api.get<Schema<"BillingAccountList">>("/api/invoices/billing-accounts", {}, signal) });

/** Set a customer's billing cycle or terms (applies to loads billed from now on). */
export function useSaveBillingAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Schema<"BillingAccountUpdate"> }) => api.put<BillingAccount>(`/api/invoices/billing-accounts/${id}`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ACCOUNTS }),
  });
}
