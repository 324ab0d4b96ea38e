import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { LIST_CONFIGS } from "../lib/list-config";
import type { ListItem, ListPath } from "../types";

export const listQueryKey = (path: ListPath) => ["lists", path] as const;

/** Every item of one list (active and inactive), in sort order. */
export async function getListItems(path: ListPath, signal?: AbortSignal): Promise<ListItem[]> {
  const body = await api.get<Record<string, ListItem[]>>(`/api/${path}`, undefined, signal);
  const items = body[LIST_CONFIGS[path].key] ?? [];
  return [...items].sort((a, b) => a.sort_order - b.sort_order);
}

export const getListItemsQueryOptions = (path: ListPath) =>
  queryOptions({
    queryKey: listQueryKey(path),
    queryFn: ({ signal }) => getListItems(path, signal),
  });

export function useListItems(path: ListPath) {
  return useQuery(getListItemsQueryOptions(path));
}
