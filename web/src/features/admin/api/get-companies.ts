import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type TenantCompanyList = components["schemas"]["TenantCompanyList"];

/** The list is paged (at most 1,000 a call); the screen asks for the largest page. */
export const COMPANIES_PAGE = 1000;

export function getCompanies(signal?: AbortSignal): Promise<TenantCompanyList> {
  return api.get<TenantCompanyList>("/api/admin/companies", { limit: String(COMPANIES_PAGE) }, signal);
}

export const getCompaniesQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "companies"], queryFn: ({ signal }) => getCompanies(signal) });

export function useCompanies() {
  return useQuery(getCompaniesQueryOptions());
}
