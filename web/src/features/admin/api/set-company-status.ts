import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { TenantCompanyList } from "./get-companies";

export type TenantCompany = TenantCompanyList["companies"][number];

export function setCompanyStatus(input: { id: string; status: "suspended" | "active" }): Promise<TenantCompany> {
  return api.put<TenantCompany>(`/api/admin/companies/${input.id}/status`, { subscription_status: input.status });
}

export function useSetCompanyStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setCompanyStatus, onSuccess: () => qc.invalidateQueries({ queryKey: ["admin"] }) });
}
