import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

/** A location's employee interface (simple or advanced), served at GET /api/company/settings. */
export type EmployeeInterface = components["schemas"]["EmployeeInterfaceRead"];

export const getEmployeeInterface = (storeId: string | null, signal?: AbortSignal) =>
  api.get<EmployeeInterface>("/api/company/settings", { store_id: storeId ?? undefined }, signal);

export const getEmployeeInterfaceQueryOptions = (storeId: string | null) =>
  queryOptions({ queryKey: ["company", "settings", storeId], queryFn: ({ signal }) => getEmployeeInterface(storeId, signal) });

export const useEmployeeInterface = (storeId: string | null) => useQuery(getEmployeeInterfaceQueryOptions(storeId));
