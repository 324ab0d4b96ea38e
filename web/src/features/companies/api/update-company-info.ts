import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import { getCompanyInfoQueryOptions, type CompanyInfo } from "./get-company-info";

export type CompanyInfoUpdate = components["schemas"]["CompanyInfoUpdate"];

/** PUT /api/company/info: contact details only (name and address change through support). */
export function useUpdateCompanyInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyInfoUpdate) => api.put<CompanyInfo>("/api/company/info", body),
    onSuccess: (saved) => qc.setQueryData(getCompanyInfoQueryOptions().queryKey, saved),
  });
}
