import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import { meQueryOptions, SessionProvider } from "@/lib/session";
import type { User } from "../api/users";
import UsersScreen from "./users-screen";

const person = (id: string, first: string, role: string, over: Partial<User> = {}): User => ({
  id, email: `${first.toLowerCase()}@example.com`, first_name: first, last_name: "Lee", role, phone: null,
  assigned_location_id: null, assigned_location_name: null, location_name: null, is_active: true, setup_completed: true,
  has_pin: false, pin_locked: false, invite_pending: false, last_login_at: null, created_at: null, ...over,
});
function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
let list: { users: User[]; total: number; active_users: number; max_users: number | null; subscription_plan: string };
let calls: [string, RequestInit | undefined][];

let perUser = 0;

beforeEach(() => {
  perUser = 0;
  calls = [];
  setToken("t");
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    calls.push([String(url), init]);
    if (String(url).includes("/api/subscription/current")) return json({ plan_info: { price_per_user: perUser } });
    if (String(url).includes("/api/locations/available")) return json({ locations: [], feature_available: false, subscription_plan: "core" });
    if (init?.method === "PUT") return json({ ...list.users[1], is_active: false });
    return json(list);
  }));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); });

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryOptions().queryKey, { id: "me", email: "ann@example.com", role: "store_admin", first_name: "Ann", last_name: "Lee", setup_completed: true, company: null,
    phone: null, store_id: null, assigned_location_id: null, preferences: {}, company_name: null });
  return render(<MemoryRouter><QueryClientProvider client={client}><SessionProvider><UsersScreen /></SessionProvider></QueryClientProvider></MemoryRouter>);
}

describe("UsersScreen", () => {
  it("at the plan's limit shows the spec's message and closes Add User", async () => {
    list = { users: [person("me", "Ann", "store_admin"), person("u2", "Bo", "store_employee")], total: 2, active_users: 2, max_users: 2, subscription_plan: "core" };
    renderScreen();
    expect(await screen.findByTestId("users-counter")).toHaveTextContent("2/2 users");
    expect(screen.getByText(/Maximum users \(2\) reached for your CORE plan/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add User" })).toBeDisabled();
    expect(screen.getAllByText("Included").length).toBe(2);
  });

  it("shows a per-user cost when the price list has one, colours other roles purple, and deactivates others but not oneself", async () => {
    list = { users: [person("me", "Ann", "store_admin"), person("u2", "Bo", "store_employee"), person("u3", "Cy", "auditor")], total: 3, active_users: 3, max_users: 20, subscription_plan: "pro" };
    perUser = 99;  // no plan has one today (users are included); the column still reads the API's price
    renderScreen();
    const bo = await screen.findByRole("row", { name: /Bo Lee/ });
    expect(within(bo).getByText("$99.00/mo")).toBeInTheDocument();
    expect(screen.getByText("auditor")).toHaveClass("badge-purple");
    expect(within(screen.getByRole("row", { name: /Ann Lee/ })).queryByRole("button", { name: "Deactivate" })).toBeNull();
    fireEvent.click(within(bo).getByRole("button", { name: "Deactivate" }));
    await vi.waitFor(() => expect(calls.some(([u, i]) => u.includes("/api/users/u2") && i?.method === "PUT")).toBe(true));
    const put = calls.find(([, i]) => i?.method === "PUT")!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({ is_active: false });
  });
});
