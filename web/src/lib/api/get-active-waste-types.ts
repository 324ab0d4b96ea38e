// The active waste types in their order, for the inbound and inventory pickers.
import { useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

type S = components["schemas"];
export type WasteTypeItem = Pick<S["WasteTypeRead"], "id" | "name" | "is_active" | "sort_order">;

export const useActiveWasteTypes = () =>
  useQuery({
    queryKey: ["inbound", "waste-types"],
    queryFn: async ({ signal }) => {
      const body = await api.get<S["WasteTypeList"]>("/api/waste-types", { active_only: true }, signal);
      return [...(body.waste_types ?? [])].filter((w) => w.is_active !== false).sort((a, b) => a.sort_order - b.sort_order);
    },
    staleTime: 5 * 60_000,
  });

