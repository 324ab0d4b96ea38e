import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface StoreInput {
  name: string;
  store_number: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone?: string;
}

export function createStore(input: StoreInput): Promise<{ id: string; name: string }> {
  return api.post<{ id: string; name: string }>("/api/stores", input);
}

export function useCreateStore() {
  return useMutation({ mutationFn: createStore });
}
