import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import type { PaymentBody } from "@/components/money/payment-form";
import { api } from "@/lib/api-client";

export type DisposalPartner = components["schemas"]["DisposalPartnerRead"];
export type DisposalPartnerCreate = components["schemas"]["DisposalPartnerCreate"];
export type DisposalPartnerUpdate = components["schemas"]["DisposalPartnerUpdate"];
export type BillList = components["schemas"]["BillList"];
export type BillRow = components["schemas"]["BillRow"];
export type BillDetail = components["schemas"]["BillDetail"];
export type PayablesAging = components["schemas"]["PayablesAging"];
export type BillPaymentRecorded = components["schemas"]["BillPaymentRecorded"];

const PARTNERS = ["payables", "partners"] as const;
const BILLS = ["payables", "bills"] as const;

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: PARTNERS, queryFn: ({ signal }) => api.get<{ disposal_partners: DisposalPartner[] }>("/api/disposal-partners", {}, signal) });
export const usePartners = () => useQuery(partnersQueryOptions());

export function useSavePartner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DisposalPartnerCreate | DisposalPartnerUpdate }) =>
      id ? api.put<DisposalPartner>(`/api/disposal-partners/${id}`, body) : api.post<DisposalPartner>("/api/disposal-partners", body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: PARTNERS }),
  });
}

export const billsQueryOptions = (status: string) =>
  queryOptions({ queryKey: [...BILLS, "list", status], queryFn: ({ signal }) => api.get<BillList>("/api/bills", { status }, signal) });
export const useBills = (status: string) => useQuery(billsQueryOptions(status));
export const useBillsAging = () =>
  useQuery({ queryKey: [...BILLS, "aging"], queryFn: ({ signal }) => api.get<PayablesAging>("/api/bills/aging-report", {}, signal) });
export const useBill = (id: string | null) =>
  useQuery({ queryKey: [...BILLS, "detail", id], queryFn: ({ signal }) => api.get<BillDetail>(`/api/bills/${id}`, {}, signal), enabled: id !== null });

export function usePayBill(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentBody; key: string }) =>
      api.put<BillPaymentRecorded>(`/api/bills/${id}/payment`, body, { headers: { "Idempotency-Key": key } }),
    onSuccess: (done) => {
      qc.setQueryData([...BILLS, "detail", id], done.bill);
      void qc.invalidateQueries({ queryKey: BILLS });
    },
  });
}
