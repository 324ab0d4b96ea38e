import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type GeneratorTierList = components["schemas"]["GeneratorTierList"];
export type GeneratorTier = components["schemas"]["GeneratorTierRead"];
export type GeneratorAnswers = components["schemas"]["GeneratorAnswers-Input"];

const TIERS = "/api/compliance/generator-tiers";

export const generatorTiersQueryOptions = () =>
  queryOptions({ queryKey: ["compliance", "generator-tiers"], queryFn: ({ signal }) => api.get<GeneratorTierList>(TIERS, {}, signal) });

export function useGeneratorTiers() {
  return useQuery(generatorTiersQueryOptions());
}

/** PUT the questionnaire: answers at once with the tier, the rule that applied and its citation. */
export function useAnswerGeneratorTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, answers }: { locationId: string; answers: GeneratorAnswers }) =>
      api.put<GeneratorTier>(`${TIERS}/${locationId}`, answers),
    // Partners' warnings and the dashboard's action items depend on the tiers.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["compliance"] }),
  });
}
