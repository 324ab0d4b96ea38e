import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

// Shared by the ticket specs: a fresh trial company (pro features) with an admin and an employee.
export type Tenant = { adminToken: string; employeeToken: string; tag: string };

export const phone = { width: 390, height: 844 };

export async function newTenant(request: APIRequestContext, label: string): Promise<Tenant> {
  const tag = `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await request.post("/api/auth/signup", {
    data: { email: `admin-${tag}@example.com`, password: "Tickets-e2e-pass-1", first_name: "Ada", last_name: "Scale", account_type: "trial" },
  });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const adminToken = (await signup.json()).access_token as string;
  expect(adminToken, "the trial sign-up must sign in at once").toBeTruthy();
  // The first-run setup wizard is the onboarding spec's subject; here the admin has done it.
  const setup = await request.put("/api/users/preferences", { headers: { Authorization: `Bearer ${adminToken}` }, data: { setup_completed: true } });
  expect(setup.ok(), await setup.text()).toBeTruthy();
  const email = `employee-${tag}@example.com`;
  const created = await request.post("/api/users", {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { email, password: "Employee-e2e-pass-1", first_name: "Eli", last_name: "Weigh", role: "store_employee" },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const login = await request.post("/api/auth/login", { data: { email, password: "Employee-e2e-pass-1" } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return { adminToken, employeeToken: (await login.json()).access_token, tag };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export type TicketRow = {
  id: string; ticket_number: string; client_id: string | null; net_weight: number; gross_weight: number;
  outbound_ticket_type: string; manual_override: boolean; vehicle_info: Record<string, unknown> | null;
  images: { kind: string }[]; waste_type: string | null; status: string;
};

export async function listTickets(request: APIRequestContext, token: string, query = ""): Promise<TicketRow[]> {
  const res = await request.get(`/api/tickets?status=all&limit=1000${query}`, { headers: auth(token) });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).tickets;
}

/**
 * A plain grey Y4M clip for Chromium's fake camera: a frame with no digits on it, so the AI
 * reader finds no weight and the operator types it (the path every operator can fall back on).
 */
export function greyCameraClip(): string {
  const w = 320, h = 240;
  const frame = Buffer.concat([Buffer.from("FRAME\n"), Buffer.alloc(w * h, 128), Buffer.alloc((w * h) / 2, 128)]);
  const file = join(tmpdir(), "flow-e2e-grey.y4m");
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return file;
}

export const chromiumArgs = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run",
];
