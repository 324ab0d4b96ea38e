import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/auth-token";
import { UnlocatedTicketsPanel } from "./unlocated-tickets-panel";

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
let calls: [string, RequestInit | undefined][];
let remaining: number;

beforeEach(() => {
  calls = [];
  setToken("t");
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    calls.push([String(url), init]);
    if (init?.method === "PUT") return json({ assigned: 1, remaining: 0 });
    return json({ total: remaining, location_required: false, tickets: remaining ? [{
      id: "t-1", ticket_number: "T-20251103-0007", ticket_at: "2025-11-03T18:00:00Z", net_weight: 42.5, employee_name: "Eli", store_id: null,
    }] : [] });
  }));
});
afterEach(() => { vi.unstubAllGlobals(); setToken(null); });

const renderPanel = () => render(
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <UnlocatedTicketsPanel locations={[{ id: "s-1", name: "Kitchen 1" }, { id: "s-2", name: "Kitchen 2" }]} />
  </QueryClientProvider>,
);

describe("UnlocatedTicketsPanel", () => {
  it("lists old tickets without a location and assigns the one the manager chooses", async () => {
    remaining = 1;
    renderPanel();
    expect(await screen.findByText("T-20251103-0007")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Assign" })).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Location of T-20251103-0007/), { target: { value: "s-2" } });
    fireEvent.click(screen.getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(calls.some(([, init]) => init?.method === "PUT")).toBe(true));
    const [url, init] = calls.find(([, i]) => i?.method === "PUT")!;
    expect(url).toContain("/api/tickets/location");
    expect(JSON.parse(String(init!.body))).toEqual({ ticket_ids: ["t-1"], store_id: "s-2" });
  });

  it("shows nothing once every ticket has its location", async () => {
    remaining = 0;
    const { container } = renderPanel();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(container).toBeEmptyDOMElement();
  });
});
