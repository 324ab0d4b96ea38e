import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

/** The platform's tenants; the spec serves them at GET /api/customers. */
export type TenantList = components["schemas"]["TenantList"];

export function getTenants(signal?: AbortSignal): Promise<TenantList> {
  return api.get<TenantList>("/api/customers", undefined, signal);
}

export const getTenantsQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "customers"], queryFn: ({ signal }) => getTenants(signal) });

export function useTenants() {
  return useQuery(getTenantsQueryOptions());
}
