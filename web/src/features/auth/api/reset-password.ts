import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { components } from "@/client/schema";

type S = components["schemas"];

export type ResetPasswordInput = S["ResetPasswordRequest"];

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>("/api/auth/reset-password", input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
