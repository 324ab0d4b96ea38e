import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { reorderPayload } from "../lib/reorder";
import type { ListItem, ListPath } from "../types";
import { listQueryKey } from "./get-list-items";
import { invalidateList } from "./invalidate-list";

export function reorderListItems(path: ListPath, items: ListItem[]): Promise<unknown> {
  return api.put(`/api/${path}/reorder`, reorderPayload(items));
}

/** The new order shows at once; a failed save puts the old order back and reloads the list. */
export function useReorderListItems(path: ListPath) {
  const queryClient = useQueryClient();
  const key = listQueryKey(path);
  return useMutation({
    mutationFn: (items: ListItem[]) => reorderListItems(path, items),
    onMutate: async (items: ListItem[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListItem[]>(key);
      queryClient.setQueryData(key, items);
      return { previous };
    },
    onError: (_error, _items, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => invalidateList(queryClient, path),
  });
}
