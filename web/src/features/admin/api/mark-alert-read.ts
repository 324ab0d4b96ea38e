import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export function markAlertRead(id: string): Promise<unknown> {
  return api.put(`/api/alerts/${id}/read`);
}

export function useMarkAlertRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markAlertRead, onSuccess: () => qc.invalidateQueries({ queryKey: ["admin", "alerts"] }) });
}
