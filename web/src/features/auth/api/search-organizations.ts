import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** A suggestion of GET /api/address/autocomplete (spec 1 section 3). */
export interface AddressSuggestion {
  display_name: string;
  name?: string | null;
  house_number?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
  lat?: string | number | null;
  lon?: string | number | null;
  type?: string | null;
  class?: string | null;
  place_id?: string | number | null;
  phone?: string | null;
  extratags?: { phone?: string | null } | null;
  contact?: { phone?: string | null } | null;
}

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
