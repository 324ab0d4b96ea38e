import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";
import type { CarbonCredit } from "./get-carbon-credits";

export type VerificationUpdate = components["schemas"]["VerificationUpdate"];

export const setVerification = (id: string, body: VerificationUpdate) =>
  api.put<CarbonCredit>(`/api/carbon-credits/${id}/verification`, body);

export function useSetVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VerificationUpdate }) => setVerification(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["carbon"] }),
  });
}
