import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { LoginResult } from "@/lib/session-types";
import type { components } from "@/client/schema";

type S = components["schemas"];

export type LoginInput = S["LoginRequest"];

export function login(input: LoginInput): Promise<LoginResult> {
  // A wrong password answers 401: that must not count as "signed out by the server".
  return api.post<LoginResult>("/api/auth/login", input, { allowUnauthorized: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
