import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type TenantCompanyList = components["schemas"]["TenantCompanyList"];
export type CompanyPage = { limit: number; offset: number; search?: string; status?: string };

/** One page of the tenant companies by name, narrowed by the search and status; total counts every match. */
export function getCompanies(page: CompanyPage, signal?: AbortSignal): Promise<TenantCompanyList> {
  const params: Record<string, string> = { limit: String(page.limit), offset: String(page.offset) };
  if (page.search) params.search = page.search;
  if (page.status) params.status = page.status;
  return api.get<TenantCompanyList>("/api/admin/companies", params, signal);
}

export const getCompaniesQueryOptions = (page: CompanyPage) =>
  queryOptions({ queryKey: ["admin", "companies", page], queryFn: ({ signal }) => getCompanies(page, signal) });

export function useCompanies(page: CompanyPage) {
  return useQuery({ ...getCompaniesQueryOptions(page), placeholderData: keepPreviousData });
}
