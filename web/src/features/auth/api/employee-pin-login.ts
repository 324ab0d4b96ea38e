import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { LoginResult } from "@/lib/session-types";
import type { components } from "@/client/schema";

type S = components["schemas"];

export type PinLoginInput = S["PinLoginRequest"];

export function employeePinLogin(input: PinLoginInput): Promise<LoginResult> {
  return api.post<LoginResult>("/api/auth/employee-pin-login", input, { allowUnauthorized: true });
}

export function useEmployeePinLogin() {
  return useMutation({ mutationFn: employeePinLogin });
}
