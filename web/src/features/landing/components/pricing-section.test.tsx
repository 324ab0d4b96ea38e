import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PricingSection } from "./pricing-section";

// GET /api/subscription/plans as the API serves it (api/subscription/plans.py owns the prices).
const plans = [
  { id: "core", name: "Core", price: 49, price_per_user: 0, price_terms: "$49 per location / month, up to 2 users included",
    description: "d", features: ["Basic waste tracking"], max_users: 2, max_facilities: 1, has_trial: false },
  { id: "pro", name: "Pro", price: 99, price_per_user: 0, price_terms: "$99 per location / month, up to 20 users included",
    description: "d", features: ["Multi-location"], max_users: 20, max_facilities: 20, has_trial: true },
  { id: "enterprise", name: "Enterprise", price: 150, price_per_user: 0, price_terms: "$150 per location / month, unlimited users included",
    description: "d", features: ["Regions and subregions"], max_users: null, max_facilities: null, has_trial: false },
];

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ plans }), { headers: { "Content-Type": "application/json" } })));
});
afterEach(() => vi.unstubAllGlobals());

describe("PricingSection", () => {
  it("shows each plan's price per location and the API's terms, no price of its own", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><MemoryRouter><PricingSection /></MemoryRouter></QueryClientProvider>);
    const pro = await screen.findByTestId("plan-pro");
    expect(within(pro).getByText("$99")).toBeInTheDocument();
    expect(within(pro).getByText("/month per location")).toBeInTheDocument();
    expect(within(pro).getByTestId("terms-pro")).toHaveTextContent("$99 per location / month, up to 20 users included");
    expect(within(screen.getByTestId("plan-enterprise")).getByTestId("terms-enterprise"))
      .toHaveTextContent("$150 per location / month, unlimited users included");
    // Regions is sold with Enterprise only.
    expect(within(pro).queryByText(/Regions/)).toBeNull();
    expect(screen.queryByText(/per facility|per user/)).toBeNull();
  });
});
