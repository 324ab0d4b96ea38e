import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

/** The platform's tenants; the spec serves them at GET /api/customers. */
export type TenantList = components["schemas"]["TenantList"];
/** The columns the API sorts by (the others are the warehouse's or the clock's). */
export const TENANT_SORTS = ["name", "email", "store_count", "subscription_status"] as const;
export type TenantSort = (typeof TENANT_SORTS)[number];
export type TenantPage = { limit: number; offset: number; search?: string; status?: string; sort: TenantSort; order: "asc" | "desc" };

/** One page of the approved tenants; `total` counts every match, `summary` every approved tenant. */
export function getTenants(page: TenantPage, signal?: AbortSignal): Promise<TenantList> {
  const params: Record<string, string> = {
    limit: String(page.limit), offset: String(page.offset), sort_by: page.sort, sort_order: page.order,
  };
  if (page.search) params.search = page.search;
  if (page.status) params.status = page.status;
  return api.get<TenantList>("/api/customers", params, signal);
}

export const getTenantsQueryOptions = (page: TenantPage) =>
  queryOptions({ queryKey: ["admin", "customers", page], queryFn: ({ signal }) => getTenants(page, signal) });

export function useTenants(page: TenantPage) {
  return useQuery({ ...getTenantsQueryOptions(page), placeholderData: keepPreviousData });
}
