import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Schema } from "@/client/types";
import type { PaymentBody } from "@/components/money/payment-form";
import { api } from "@/lib/api-client";

// Every type is the API's, generated into src/client/schema.d.ts.
export type DisposalPartner = Schema<"DisposalPartnerRead">;
export type DisposalPartnerCreate = Schema<"DisposalPartnerCreate">;
export type BillRow = Schema<"BillRow">;

const PARTNERS = ["payables", "partners"] as const;
const BILLS = ["payables", "bills"] as const;

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: PARTNERS, queryFn: ({ signal }) => api.get<Schema<"DisposalPartnerList">>("/api/disposal-partners", {}, signal) });
/** Every partner at once: the pickers' list (the Type 2 form, in-progress loads). */
export const usePartners = () => useQuery(partnersQueryOptions());

/** One page of the Disposal Partners screen, by name, narrowed by the search; total counts every match. */
export const usePartnerPage = (search: string, limit: number, offset: number) =>
  useQuery({
    queryKey: [...PARTNERS, "page", search, limit, offset],
    queryFn: ({ signal }) => api.get<Schema<"DisposalPartnerList">>("/api/disposal-partners", search ? { search, limit, offset } : { limit, offset }, signal),
    placeholderData: keepPreviousData,
  });

export function useSavePartner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DisposalPartnerCreate | Schema<"DisposalPartnerUpdate"> }) =>
      id ? api.put<DisposalPartner>(`/api/disposal-partners/${id}`, body) : api.post<DisposalPartner>("/api/disposal-partners", body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: PARTNERS }),
  });
}

export const billsQueryOptions = (status: string, limit = 50, offset = 0) =>
  queryOptions({ queryKey: [...BILLS, "list", status, limit, offset], queryFn: ({ signal }) => api.get<Schema<"BillList">>("/api/bills", { status, limit, offset }, signal) });
export const useBills = (status: string, limit?: number, offset?: number) =>
  useQuery({ ...billsQueryOptions(status, limit, offset), placeholderData: (previous) => previous });
export const useBillsAging = () =>
  useQuery({ queryKey: [...BILLS, "aging"], queryFn: ({ signal }) => api.get<Schema<"PayablesAging">>("/api/bills/aging-report", {}, signal) });
export const useBill = (id: string | null) =>
  useQuery({ queryKey: [...BILLS, "detail", id], queryFn: ({ signal }) => api.get<Schema<"BillDetail">>(`/api/bills/${id}`, {}, signal), enabled: id !== null });

export function usePayBill(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentBody; key: string }) =>
      api.put<Schema<"BillPaymentRecorded">>(`/api/bills/${id}/payment`, body, { headers: { "Idempotency-Key": key } }),
    onSuccess: (done) => {
      qc.setQueryData([...BILLS, "detail", id], done.bill);
      void qc.invalidateQueries({ queryKey: BILLS });
    },
  });
}
