import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type StateLaws = components["schemas"]["StateLawsRead"];
export type StateLawLocation = components["schemas"]["StateLawLocation"];
export type StateLawEntry = components["schemas"]["StateLawEntry"];

export const STATE_LAWS = "/api/compliance/state-laws";

export const stateLawsQueryOptions = () =>
  queryOptions({ queryKey: ["compliance", "state-laws"], queryFn: ({ signal }) => api.get<StateLaws>(STATE_LAWS, {}, signal), retry: false });

/** Each location's state organics laws, measured from its own weights. */
export function useStateLaws() {
  return useQuery(stateLawsQueryOptions());
}
