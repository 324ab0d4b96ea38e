import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type CarbonCredit = components["schemas"]["CarbonCreditRead"];
export type CarbonCreditList = components["schemas"]["CarbonCreditList"];

/** The spec's list call: GET /api/carbon-credits?period&limit=50. */
export const getCarbonCredits = (period: string, signal?: AbortSignal) =>
  api.get<CarbonCreditList>("/api/carbon-credits", { period, limit: "50" }, signal);

export const carbonCreditsQueryOptions = (period: string) =>
  queryOptions({ queryKey: ["carbon", "credits", period], queryFn: ({ signal }) => getCarbonCredits(period, signal) });

export function useCarbonCredits(period: string) {
  return useQuery(carbonCreditsQueryOptions(period));
}
