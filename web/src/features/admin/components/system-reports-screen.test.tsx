import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import SystemReportsScreen from "./system-reports-screen";

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
const REPORTS = {
  health: { warehouse_age_minutes: 5, warehouse_refreshed_at: null, offline_tickets_synced_24h: 0, failed_report_mails_24h: 0,
    failed_payments_24h: 0, unread_alerts: 0, tickets_per_day: [] },
  reports: [{ id: "customers", title: "Customers", formats: ["csv"] }],
};
let release: (r: Response) => void;

beforeEach(() => {
  setToken("t");
  vi.stubGlobal("fetch", vi.fn((url: string) => {
    const path = new URL(String(url), "http://x").pathname;
    if (path === "/api/admin/reports/customers") return new Promise<Response>((resolve) => { release = resolve; });
    return Promise.resolve(json(REPORTS));
  }));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); });

describe("System Reports downloads (issue 32 point 3)", () => {
  it("shows a busy button while the report is made, and the failure beside it", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><SystemReportsScreen /></QueryClientProvider>);
    fireEvent.click(await screen.findByRole("button", { name: "Download CSV" }));
    const busy = await screen.findByRole("button", { name: "Preparing…" });
    expect(busy).toBeDisabled();
    await act(async () => { release(new Response(JSON.stringify({ detail: "Report unavailable" }), { status: 503, headers: { "Content-Type": "application/json" } })); });
    expect(await screen.findByText(/The report could not be downloaded\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  });
});
