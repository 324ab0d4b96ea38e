import { queryOptions, useQuery } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type Subscription = components["schemas"]["SubscriptionRead"];

export function getCurrentSubscription(signal?: AbortSignal): Promise<Subscription> {
  return api.get<Subscription>("/api/subscription/current", undefined, signal);
}

export const getCurrentSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ["subscription", "current"],
    queryFn: ({ signal }) => getCurrentSubscription(signal),
    staleTime: 60_000,
  });

export function useCurrentSubscription(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCurrentSubscriptionQueryOptions(), ...options });
}
