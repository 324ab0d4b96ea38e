import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { LoginResult } from "@/lib/session-types";

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<LoginResult> {
  // A wrong password answers 401: that must not count as "signed out by the server".
  return api.post<LoginResult>("/api/auth/login", input, { allowUnauthorized: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
