import { useMutation } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type StoreInput = components["schemas"]["StoreCreate"];
export type StoreCreated = components["schemas"]["StoreCreated"];

export function createStore(input: StoreInput): Promise<StoreCreated> {
  return api.post<StoreCreated>("/api/stores", input);
}

export function useCreateStore() {
  return useMutation({ mutationFn: createStore });
}
