import type { components } from "@/client/schema";
import { api } from "@/lib/api-client";

export type InviteInput = components["schemas"]["InviteCreate"];
export type UserRead = components["schemas"]["UserRead"];

export function inviteUser(input: InviteInput): Promise<UserRead> {
  return api.post<UserRead>("/api/users/invite", input);
}
