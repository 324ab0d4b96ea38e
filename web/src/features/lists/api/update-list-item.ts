import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { ListItem, ListPath } from "../types";
import { listQueryKey } from "./get-list-items";
import { invalidateList } from "./invalidate-list";

export interface UpdateVariables {
  id: string;
  payload: Record<string, unknown>;
  /** Show the change at once (the active toggle) and put it back if the save fails. */
  optimistic?: Partial<ListItem>;
}

export function updateListItem(path: ListPath, id: string, payload: Record<string, unknown>): Promise<ListItem> {
  return api.put<ListItem>(`/api/${path}/${id}`, payload);
}

export function useUpdateListItem(path: ListPath) {
  const queryClient = useQueryClient();
  const key = listQueryKey(path);
  return useMutation({
    mutationFn: ({ id, payload }: UpdateVariables) => updateListItem(path, id, payload),
    onMutate: async ({ id, optimistic }: UpdateVariables) => {
      if (!optimistic) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListItem[]>(key);
      queryClient.setQueryData<ListItem[]>(key, (items) =>
        items?.map((item) => (item.id === id ? { ...item, ...optimistic } : item)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => invalidateList(queryClient, path),
  });
}
