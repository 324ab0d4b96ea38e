import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export function forgotUsername(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>("/api/auth/forgot-username", { email });
}

export function useForgotUsername() {
  return useMutation({ mutationFn: forgotUsername });
}
