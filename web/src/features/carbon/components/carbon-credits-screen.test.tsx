import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CarbonCreditList } from "../api/get-carbon-credits";
import type { CarbonSummary } from "../api/get-carbon-summary";
import CarbonCreditsScreen from "./carbon-credits-screen";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const summary: CarbonSummary = {
  period: "all", period_options: [{ value: "all", label: "All time" }, { value: "2026-05", label: "May 2026" }, { value: "2026-Q2", label: "2026 Q2" }],
  total_credits_tons: 0.4905, total_value_usd: 7.36, verified_credits: 0.34, pending_credits: 0.068, rejected_credits: 0.0825,
  credit_count: 3, co2_avoided_kg: 490.5, inventory_co2e_kg: 66,
  monthly_trend: [{ month: "2026-03-01", total_co2e_tons: 0.4225, credit_value_usd: 6.34, credit_count: 2 }],
  yearly_projection: { year: 2026, months_with_credits: 2, total_co2e_tons: 0.4905, projected_year_tons: 2.943, projected_year_value_usd: 44.16 },
  methodology: {
    methodology: "EPA_2023", methodology_name: "EPA (WARM avoided emissions)", note: "Avoided emissions from EPA WARM v15", price_usd_per_mt: 15,
    factors: [
      { factor_kind: "avoided_emissions", factor_set: "WARM v15", material: "food_waste", management_path: "compost", mtco2e_per_short_ton: -0.13, source: "EPA WARM v15, Food Waste, Composted" },
      { factor_kind: "inventory", factor_set: "EPA GHG Emission Factors Hub, Table 9", material: "food_waste", management_path: "compost", mtco2e_per_short_ton: 0.11, source: "Hub Table 9, Composted" },
    ],
  },
  last_refreshed_at: "2026-11-23T10:00:00Z", refreshing: false, pending_since: null,
};
const list: CarbonCreditList = {
  total: 1,
  carbon_credits: [{
    id: "t1", created_at: "2026-05-05T19:00:00Z", ticket_number: "T-1", location_name: "Kitchen 1", waste_type_name: "Food Scraps",
    destination_name: "Compost", credit_type: "avoided_emissions_estimate", diversion_method: "compost", methodology: "EPA_2023",
    factor_set: "WARM v15", avoided_mtco2e_per_short_ton: 0.68, net_weight_lb: 200, co2_avoided_kg: 68, total_co2e_tons: 0.068,
    credit_value_usd: 1.02, verification_status: "pending", verification_reason: null, is_estimate: true,
  }],
};

let answerSummary: CarbonSummary;
const calls: { url: string; init?: RequestInit }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal("fetch", vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    if (String(url).includes("/api/analytics/refreshed")) return json({ last_refreshed_at: null });
    if (String(url).includes("/verification")) return json({ ...list.carbon_credits[0], verification_status: "verified", is_estimate: false });
    if (String(url).includes("/summary")) return json(answerSummary);
    return json(list);
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}><CarbonCreditsScreen /></QueryClientProvider>);
}

describe("CarbonCreditsScreen", () => {
  it("shows the cards, projection, methodology with sources and entries marked as estimates", async () => {
    answerSummary = summary;
    renderScreen();
    expect(await screen.findByTestId("carbon-total")).toHaveTextContent("0.49 MT");
    for (const label of ["Total credits", "Total value", "Verified", "Pending", "Monthly Trend", "Yearly Projection", "Methodology", "Recent Entries"]) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.getByTestId("projected-tons")).toHaveTextContent("2.94 MT");
    expect(screen.getByText("EPA WARM v15, Food Waste, Composted")).toBeInTheDocument();
    expect(screen.getByText(/never a credit/)).toBeInTheDocument();
    expect(await screen.findByText("0.068 MT")).toBeInTheDocument();
    expect(screen.getAllByText("Estimate").length).toBeGreaterThan(1);
    expect(screen.getByRole("option", { name: "2026 Q2" })).toBeInTheDocument();
  });

  it("asks for a reason before verifying an entry", async () => {
    answerSummary = summary;
    renderScreen();
    fireEvent.click(await screen.findByRole("button", { name: "Verify" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Give a reason of at least 3 characters")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Weight tickets match" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes("/api/carbon-credits/t1/verification") && c.init?.method === "PUT")).toBe(true));
    const sent = calls.find((c) => c.url.includes("/verification"));
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ verification_status: "verified", reason: "Weight tickets match" });
  });

  it("shows an empty state without estimates", async () => {
    answerSummary = { ...summary, credit_count: 0, total_credits_tons: 0, monthly_trend: [], yearly_projection: null };
    renderScreen();
    expect(await screen.findByText("No carbon credit estimates yet")).toBeInTheDocument();
  });
});
