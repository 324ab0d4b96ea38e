// Calls of spec 3 s7 for inbound (api/inbound): customers, vehicles, plate look-up, tickets.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import { customersKey, type CustomerList } from "@/lib/api/get-customers";

type S = components["schemas"];
export type Customer = S["CustomerRead"];
export type CustomerWrite = S["CustomerWrite"];
export type BulkUploadResult = S["BulkUploadResult"];
export type PlateLookup = S["InboundPlateLookup"];
export type InboundTicket = S["InboundTicketRead"];
export type InboundTicketCreate = S["InboundTicketCreate"];
export type InboundTicketUpdate = S["InboundTicketUpdate"];
export type InboundTicketList = S["InboundTicketList"];
export type InboundInProgress = S["InboundInProgress"];

export const inboundKeys = {
  all: ["inbound"] as const,
  customers: () => customersKey,
  tickets: (filters: Record<string, string>) => ["inbound", "tickets", filters] as const,
  inProgress: () => ["inbound", "in-progress"] as const,
};

/** One page of the Customers screen: by name, narrowed by the search and type; matching counts them all. */
export const useCustomerPage = (params: { search?: string; customer_type?: string; limit: number; offset: number }) => {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => [k, String(v)]));
  return useQuery({
    queryKey: [...inboundKeys.customers(), "page", clean],
    queryFn: ({ signal }) => api.get<CustomerList>("/api/inbound/customers", clean, signal),
    placeholderData: keepPreviousData,
  });
};

export function useSaveCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CustomerWrite }) =>
      id ? api.put<Customer>(`/api/inbound/customers/${id}`, body) : api.post<Customer>("/api/inbound/customers", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboundKeys.customers() }),
  });
}

export function useBulkUpload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return api.post<BulkUploadResult>("/api/inbound/customers/bulk-upload", form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: inboundKeys.customers() }),
  });
}

export const lookupPlate = (plate: string) =>
  api.get<PlateLookup>(`/api/inbound/license-plate-lookup/${encodeURIComponent(plate)}`);

export function useCreateInboundTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InboundTicketCreate) => api.post<InboundTicket>("/api/inbound/tickets", body),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboundKeys.all }),
  });
}

export function useUpdateInboundTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InboundTicketUpdate }) =>
      api.put<InboundTicket>(`/api/inbound/tickets/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: inboundKeys.all }),
  });
}

export const useInboundTickets = (filters: { start_date?: string; end_date?: string; customer_id?: string; limit?: string; offset?: string }) => {
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
  return useQuery({
    queryKey: inboundKeys.tickets(clean),
    queryFn: ({ signal }) => api.get<InboundTicketList>("/api/inbound/tickets", clean, signal),
  });
};

export const useInboundInProgress = () =>
  useQuery({
    queryKey: inboundKeys.inProgress(),
    queryFn: ({ signal }) => api.get<InboundInProgress>("/api/inbound/tickets/in-progress", undefined, signal),
  });

export type InboundPreview = S["InboundPreview"];
export type InboundPreviewRequest = S["InboundPreviewRequest"];

/** Before Complete: the load as it will be billed (the scale's net split over the lines, priced).
 * `body` null while the screen lacks a payee, a line or weights. */
export const useInboundPricePreview = (body: InboundPreviewRequest | null) =>
  useQuery({
    queryKey: ["inbound", "price-preview", body],
    queryFn: ({ signal }) => api.post<InboundPreview>("/api/inbound/tickets/price-preview", body, { signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 30_000,
  });
