import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type PendingAccountList = components["schemas"]["PendingAccountList"];

export function getPendingAccounts(signal?: AbortSignal): Promise<PendingAccountList> {
  return api.get<PendingAccountList>("/api/admin/pending-accounts", undefined, signal);
}

export const getPendingAccountsQueryOptions = () =>
  queryOptions({ queryKey: ["admin", "pending-accounts"], queryFn: ({ signal }) => getPendingAccounts(signal) });

export function usePendingAccounts() {
  return useQuery(getPendingAccountsQueryOptions());
}
