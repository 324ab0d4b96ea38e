import { useMutation } from "@tanstack/react-query";
import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type SignupResult = components["schemas"]["SignupRead"];

export interface SignupPayload {
  company_name: string;
  admin_email: string;
  admin_password: string;
  admin_first_name: string;
  admin_last_name: string;
  phone: string | null;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  industry: "Food Service";
  org_type: string | null;
  subscription_plan: string;
  account_type: "trial" | "paid";
  recaptcha_token: string | null;
}

export function signup(payload: SignupPayload): Promise<SignupResult> {
  return api.post<SignupResult>("/api/auth/signup", payload);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
