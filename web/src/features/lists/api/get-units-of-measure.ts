import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { UnitOfMeasure } from "../types";

export async function getUnitsOfMeasure(signal?: AbortSignal): Promise<UnitOfMeasure[]> {
  const body = await api.get<{ units_of_measure: UnitOfMeasure[] }>(
    "/api/waste-types/units-of-measure", undefined, signal,
  );
  return body.units_of_measure ?? [];
}

export const getUnitsOfMeasureQueryOptions = () =>
  queryOptions({
    queryKey: ["lists", "units-of-measure"],
    queryFn: ({ signal }) => getUnitsOfMeasure(signal),
    staleTime: Infinity,
  });

export function useUnitsOfMeasure(enabled = true) {
  return useQuery({ ...getUnitsOfMeasureQueryOptions(), enabled });
}
