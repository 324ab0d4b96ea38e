import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import type { TenantCompany } from "./set-company-status";

export type CompanyEdit = components["schemas"]["CompanyEdit"];

/** The platform owner's Edit Company (PUT /api/admin/companies/{id}): only the fields sent change. */
export function useEditCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CompanyEdit }) => api.put<TenantCompany>(`/api/admin/companies/${id}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["admin"] }),
  });
}
