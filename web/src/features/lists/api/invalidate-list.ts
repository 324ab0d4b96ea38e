import type { QueryClient } from "@tanstack/react-query";
import type { ListPath } from "../types";

/**
 * Refetch a list everywhere it is shown: this feature's screens and the ticket dropdowns, which
 * cache the active items under ["ticket-choices", path] (a key, not an import: features stay apart).
 */
export function invalidateList(queryClient: QueryClient, path: ListPath): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      (query.queryKey[0] === "lists" || query.queryKey[0] === "ticket-choices") && query.queryKey[1] === path,
  });
}
