import { api } from "@/lib/api-client";

export interface InviteInput {
  email: string;
  first_name: string;
  last_name: string;
  role: "employee";
}

export function inviteUser(input: InviteInput): Promise<unknown> {
  return api.post("/api/users/invite", input);
}
