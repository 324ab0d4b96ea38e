import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type TenantCustomerList = components["schemas"]["TenantCustomerList"];

export function getCustomers(signal?: AbortSignal): Promise<TenantCustomerList> {
  return api.get<TenantCustomerList>("/api/customers", undefined, signal);
}

export const getCustomersQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "customers"], queryFn: ({ signal }) => getCustomers(signal) });

export function useCustomers() {
  return useQuery(getCustomersQueryOptions());
}
