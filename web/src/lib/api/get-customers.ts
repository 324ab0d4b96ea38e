// The company's inbound customers (api/inbound), every one at once: the pickers' list of the
// inbound and inventory screens. Saving a customer (features/inbound) invalidates `customersKey`.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type CustomerList = components["schemas"]["CustomerList"];

export const customersKey = ["inbound", "customers"] as const;

export const customersQueryOptions = () =>
  queryOptions({
    queryKey: customersKey,
    queryFn: ({ signal }) => api.get<CustomerList>("/api/inbound/customers", undefined, signal),
  });
/** Every customer at once: the pickers' list (ticket wizard, filters). */
export const useCustomers = () => useQuery(customersQueryOptions());

