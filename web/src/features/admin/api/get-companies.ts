import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type TenantCompanyList = components["schemas"]["TenantCompanyList"];

export function getCompanies(signal?: AbortSignal): Promise<TenantCompanyList> {
  return api.get<TenantCompanyList>("/api/admin/companies", undefined, signal);
}

export const getCompaniesQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "companies"], queryFn: ({ signal }) => getCompanies(signal) });

export function useCompanies() {
  return useQuery(getCompaniesQueryOptions());
}
