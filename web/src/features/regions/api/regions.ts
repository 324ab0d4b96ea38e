import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import type { Region } from "@/lib/api/get-regions";

export type RegionCreate = components["schemas"]["RegionCreate"];
export type RegionUpdate = components["schemas"]["RegionUpdate"];

function useRefresh() {
  const qc = useQueryClient();
  // Locations show their region's name: refetch them with the regions.
  return () => Promise.all([qc.invalidateQueries({ queryKey: ["regions"] }), qc.invalidateQueries({ queryKey: ["stores"] })]);
}

export function useSaveRegion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: RegionCreate | RegionUpdate }) =>
      id ? api.put<Region>(`/api/regions/${id}`, body) : api.post<Region>("/api/regions", body),
    onSuccess: refresh,
  });
}

export function useDeleteRegion() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete<{ message: string }>(`/api/regions/${id}`), onSuccess: refresh });
}
