import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import LocationsScreen, { usedOfMax } from "./locations-screen";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
const store = {
  id: "s1", name: "Kitchen 1", store_number: "K1", address: "1 Main St", city: "Oakland", state: "CA", zip_code: "94607",
  phone: null, region_id: null, region_name: null, subregion_id: null, is_active: true, advanced_options_enabled: false,
  monthly_cost: 99, stats: { total_tickets: 12, total_lb: 1234.5, diversion_rate: 81.25 }, created_at: "2026-11-01T00:00:00Z",
};
let plan: { features: string[]; current_facilities: number; max_facilities: number | null; current_plan: string };
let calls: [string, RequestInit | undefined][];
let storeTotal = 1;

beforeEach(() => {
  calls = [];
  storeTotal = 1;
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    calls.push([String(url), init]);
    if (String(url).includes("/api/subscription/current")) return json({ ...plan, plan_info: { price_per_user: 0 } });
    if (String(url).includes("/api/billing/calculate"))
      return json({ monthly_total: 99, current_locations: 1, current_users: 2, billing_breakdown: { location_cost: 99, user_cost: 0 } });
    if (String(url).includes("/api/stores/s1")) return json({ ...store, is_active: false });
    if (String(url).includes("/api/stores")) return json({ stores: [store], total: storeTotal });
    return json({ regions: [] });
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen(url = "/app/locations") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<MemoryRouter initialEntries={[url]}><QueryClientProvider client={client}><LocationsScreen /></QueryClientProvider></MemoryRouter>);
}

describe("LocationsScreen", () => {
  it("shows used/max, the bill and each card's month from the API", async () => {
    plan = { features: ["multi_location"], current_facilities: 1, max_facilities: 20, current_plan: "pro" };
    renderScreen();
    expect(await screen.findByTestId("locations-counter")).toHaveTextContent("1/20 locations");
    const bill = await screen.findByTestId("current-billing");
    // One price list: Pro is $99 a location with its users included (api/subscription/plans.py).
    expect(bill).toHaveTextContent("Monthly total$99.00");
    expect(bill).toHaveTextContent("User costUsers included");
    const card = screen.getByTestId("location-K1");
    expect(card).toHaveTextContent("12");
    expect(card).toHaveTextContent("1,234.5 lbs");
    expect(card).toHaveTextContent("81.3%");
    expect(screen.getByRole("button", { name: "Add Location" })).toBeEnabled();
  });

  it("blocks Add Location at the plan's maximum with the spec's message, and on core", async () => {
    plan = { features: ["multi_location"], current_facilities: 1, max_facilities: 1, current_plan: "pro" };
    const { unmount } = renderScreen();
    expect(await screen.findByText("Maximum locations (1) reached for your plan")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Location" })).toBeDisabled();
    unmount();
    plan = { features: [], current_facilities: 1, max_facilities: 1, current_plan: "core" };
    renderScreen();
    expect(await screen.findByText("Adding locations is available on the Pro and Enterprise plans.")).toBeInTheDocument();
  });

  it("deactivates after the confirmation, sending only is_active", async () => {
    plan = { features: ["multi_location"], current_facilities: 1, max_facilities: null, current_plan: "enterprise" };
    const confirm = vi.fn((_message: string) => true);
    vi.stubGlobal("confirm", confirm);
    renderScreen();
    const card = await screen.findByTestId("location-K1");
    fireEvent.click(within(card).getByRole("button", { name: "Deactivate" }));
    expect(confirm.mock.calls[0][0]).toContain("undo this by reactivating");
    await vi.waitFor(() => expect(calls.some(([u, i]) => u.includes("/api/stores/s1") && i?.method === "PUT")).toBe(true));
    const put = calls.find(([u, i]) => u.includes("/api/stores/s1") && i?.method === "PUT")!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({ is_active: false });
    expect(screen.getByTestId("locations-counter")).toHaveTextContent("1/∞");
  });
});

describe("LocationsScreen pages with the shared pager", () => {
  it("asks for the URL's page and says where it sits in the whole set", async () => {
    plan = { features: ["multi_location"], current_facilities: 230, max_facilities: null, current_plan: "enterprise" };
    storeTotal = 230;
    renderScreen("/app/locations?page=3&size=100");
    await screen.findByTestId("location-K1");
    const asked = calls.map(([u]) => u).filter((u) => u.includes("/api/stores?"));
    expect(asked.at(-1)).toContain("offset=200");
    expect(asked.at(-1)).toContain("limit=100");
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
  });

  it("shows no pager for a handful of locations", async () => {
    plan = { features: ["multi_location"], current_facilities: 1, max_facilities: null, current_plan: "enterprise" };
    renderScreen();
    await screen.findByTestId("location-K1");
    expect(screen.queryByTestId("page-range")).toBeNull();
  });
});

describe("usedOfMax", () => {
  it("shows infinity without a maximum", () => {
    expect(usedOfMax(3, null)).toBe("3/∞");
    expect(usedOfMax(3, 5)).toBe("3/5");
  });
});
