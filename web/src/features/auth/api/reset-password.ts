import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface ResetPasswordInput {
  token: string;
  new_password: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api.post<{ message: string }>("/api/auth/reset-password", input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
