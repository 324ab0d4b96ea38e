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
  // Every ticket has its location (issue 29): the company weighs at one, as after the setup wizard.
  const store = await request.post("/api/stores", {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { name: "Main Kitchen", store_number: "001", address: "1 Main St", city: "Oakland", state: "CA", zip_code: "94607" },
  });
  expect(store.ok(), await store.text()).toBeTruthy();
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

// Seven-segment digits: which of the segments a..g are lit.
const SEGMENTS: Record<string, string> = {
  "0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc", "7": "abc", "8": "abcdefg", "9": "abcdfg",
};

/**
 * A Y4M clip of a scale display reading `text` (digits and one '.') in dark seven-segment
 * figures on a light panel, for the AI reader behind Chromium's fake camera.
 */
export function scaleDisplayClip(text: string): string {
  const w = 640, h = 360;
  const y = Buffer.alloc(w * h, 230);
  const rect = (x0: number, y0: number, rw: number, rh: number) => {
    for (let yy = y0; yy < y0 + rh; yy++) for (let xx = x0; xx < x0 + rw; xx++) y[yy * w + xx] = 20;
  };
  const digitW = 70, digitH = 140, t = 14, top = 110;
  let x = 80;
  for (const ch of text) {
    if (ch === ".") { rect(x, top + digitH - t, t, t); x += 34; continue; }
    const lit = SEGMENTS[ch] ?? "";
    const mid = top + digitH / 2 - t / 2;
    if (lit.includes("a")) rect(x + t, top, digitW - 2 * t, t);
    if (lit.includes("b")) rect(x + digitW - t, top + t, t, digitH / 2 - t);
    if (lit.includes("c")) rect(x + digitW - t, mid + t, t, digitH / 2 - t);
    if (lit.includes("d")) rect(x + t, top + digitH - t, digitW - 2 * t, t);
    if (lit.includes("e")) rect(x, mid + t, t, digitH / 2 - t);
    if (lit.includes("f")) rect(x, top + t, t, digitH / 2 - t);
    if (lit.includes("g")) rect(x + t, mid, digitW - 2 * t, t);
    x += digitW + 24;
  }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, Buffer.alloc((w * h) / 2, 128)]);
  const file = join(tmpdir(), `flow-e2e-scale-${text}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return file;
}
