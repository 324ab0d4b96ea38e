import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { ListItem, ListItemPayload, ListPath } from "../types";
import { invalidateList } from "./invalidate-list";

export function createListItem(path: ListPath, payload: ListItemPayload): Promise<ListItem> {
  return api.post<ListItem>(`/api/${path}`, payload);
}

export function useCreateListItem(path: ListPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ListItemPayload) => createListItem(path, payload),
    onSuccess: () => invalidateList(queryClient, path),
  });
}
