import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// Disposal partners (haulers) and vehicles of the truck-scale workflow (spec 2 s7).
export type Vehicle = { id?: string; license_plate: string; make?: string | null; model?: string | null; year?: number | null; color?: string | null };
export type Partner = { id: string; customer_name: string; phone?: string | null; email?: string | null; is_hauler?: boolean; vehicles?: Vehicle[] };
export type PlateLookup = { found: boolean; vehicle?: Vehicle | null; customer?: Partner | null; disposal_partner?: Partner | null };

export async function getRecentPartners(signal?: AbortSignal): Promise<Partner[]> {
  const body = await api.get<{ customers?: Partner[] } | Partner[]>(
    "/api/outbound/customers", { customer_type: "hauler", include_vehicles: true }, signal);
  return Array.isArray(body) ? body : (body.customers ?? []);
}

export const useRecentPartners = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: ["outbound", "partners"], queryFn: ({ signal }) => getRecentPartners(signal), enabled }));

export async function searchPartners(query: string, signal?: AbortSignal): Promise<Partner[]> {
  const body = await api.get<{ search_results?: { customer: Partner }[] }>("/api/outbound/customers/search", { query }, signal);
  const seen = new Map<string, Partner>();
  for (const r of body.search_results ?? []) if (r.customer && !seen.has(r.customer.id)) seen.set(r.customer.id, r.customer);
  return [...seen.values()];
}

/** Search starts after more than 2 characters (spec 2 s2.2). */
export const usePartnerSearch = (query: string) =>
  useQuery(queryOptions({
    queryKey: ["outbound", "partner-search", query],
    queryFn: ({ signal }) => searchPartners(query, signal),
    enabled: query.trim().length > 2,
  }));

export const lookupLicensePlate = (plate: string) =>
  api.get<PlateLookup>(`/api/outbound/license-plate-lookup/${encodeURIComponent(plate.trim().toUpperCase())}`);
