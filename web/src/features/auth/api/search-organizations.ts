import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";

type S = components["schemas"];

/** A suggestion of GET /api/address/autocomplete (spec 1 section 3). */
export type AddressSuggestion = S["AddressSuggestion"];

export const SEARCH_MIN_CHARS = 3;
export const SEARCH_LIMIT = 10;

export async function searchOrganizations(q: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  const body = await api.get<unknown>("/api/address/autocomplete", { q, limit: SEARCH_LIMIT }, signal);
  // The list may come bare or wrapped; accept both shapes.
  if (Array.isArray(body)) return body as AddressSuggestion[];
  const wrapped = body as { results?: AddressSuggestion[]; suggestions?: AddressSuggestion[] };
  return wrapped.results ?? wrapped.suggestions ?? [];
}

export const searchOrganizationsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["public", "address", q],
    queryFn: ({ signal }) => searchOrganizations(q, signal),
    enabled: q.trim().length >= SEARCH_MIN_CHARS,
    staleTime: 60_000,
    retry: false,
  });

export function useSearchOrganizations(q: string) {
  return useQuery(searchOrganizationsQueryOptions(q));
}
