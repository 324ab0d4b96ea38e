// Calls of the inventory ledger (api/inventory): what inbound loads put on hand, and where it went.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

type S = components["schemas"];
export type Inventory = S["InventoryRead"];
export type InventoryItem = S["InventoryItemRead"];

/** A page of inventory items (limit from offset; total counts them all) and the summary, from the ledger. */
export const useInventory = (filters: { status?: string; waste_type?: string; customer_id?: string; store_id?: string; limit?: number; offset?: number }) => {
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => [k, String(v)])) as Record<string, string>;
  return useQuery({
    queryKey: ["inventory", clean],
    queryFn: ({ signal }) => api.get<Inventory>("/api/inventory", clean, signal),
    placeholderData: keepPreviousData,
    staleTime: 0, // the ledger: a load, void or adjustment made elsewhere shows when the screen opens
  });
};
