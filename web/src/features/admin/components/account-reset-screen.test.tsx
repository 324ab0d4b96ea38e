// Issue 32 point 5: Account Reset names the company it would reset.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import { meQueryOptions, SessionProvider } from "@/lib/session";
import AccountResetScreen from "./account-reset-screen";

const INTERNAL = /DOMAIN\.md|FLOW_[A-Z]|\.md\b|example\.com/;

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } })));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); });

describe("account reset words", () => {
  it("Account Reset names the company it would reset", () => {
    setToken("t");
    const qc = client();
    qc.setQueryData(meQueryOptions().queryKey, {
      id: "me", email: "ann@bistro.test", role: "store_admin", first_name: "Ann", last_name: "Lee", setup_completed: true,
      company: { id: "c1", name: "Bistro Verde", locations: [] }, phone: null, store_id: null, assigned_location_id: null,
      preferences: {}, company_name: "Bistro Verde",
    } as never);
    const { container } = render(<MemoryRouter><QueryClientProvider client={qc}><SessionProvider><AccountResetScreen /></SessionProvider></QueryClientProvider></MemoryRouter>);
    expect(screen.getByText("Remove Bistro Verde's tickets and invoices")).toBeTruthy();
    expect(container.textContent).toContain("carbon credit of Bistro Verde");
    expect(container.textContent).not.toMatch(INTERNAL);
  });
});
