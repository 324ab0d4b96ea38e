import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import { fetchApiFile, fileNameFrom, saveResponse } from "@/lib/download";

export type PartnerList = components["schemas"]["PartnerList"];
export type Partner = components["schemas"]["PartnerRead"];
export type PartnerCreate = components["schemas"]["PartnerCreate"];
export type Agreement = components["schemas"]["AgreementRead"];

const PARTNERS = "/api/compliance/food-recovery-partners";

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: ["compliance", "partners"], queryFn: ({ signal }) => api.get<PartnerList>(PARTNERS, {}, signal) });

export function usePartners() {
  return useQuery(partnersQueryOptions());
}

export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerCreate) => api.post<Partner>(PARTNERS, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["compliance"] }),
  });
}

/** Multipart: the agreement file (PDF, PNG or JPEG) with its start and optional end date. */
export function useUploadAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, file, startDate, endDate }: { partnerId: string; file: File; startDate: string; endDate?: string }) => {
      const form = new FormData();
      form.append("file", file);
      form.append("start_date", startDate);
      if (endDate) form.append("end_date", endDate);
      return api.post<Agreement>(`${PARTNERS}/${partnerId}/agreements`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["compliance"] }),
  });
}

export async function downloadAgreement(partnerId: string, agreement: Agreement): Promise<void> {
  const response = await fetchApiFile(`${PARTNERS}/${partnerId}/agreements/${agreement.id}`);
  await saveResponse(response, agreement.file_name);
}

/** GET /api/compliance/food-recovery-records?year&format=csv|pdf (logged as records requested). */
export async function exportRecords(year: number, format: "csv" | "pdf"): Promise<string> {
  const response = await fetchApiFile(`/api/compliance/food-recovery-records?year=${year}&format=${format}`);
  const name = fileNameFrom(response.headers.get("content-disposition"), `food_recovery_records_${year}.${format}`);
  await saveResponse(response, name);
  return name;
}
