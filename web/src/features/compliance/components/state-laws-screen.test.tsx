import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import StateLawsScreen from "./state-laws-screen";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const law = (over: Record<string, unknown>) => ({
  law_key: "ma_food_ban", law: "Commercial Food Material Disposal Ban", citation: "310 CMR 19.017", covered: true, basis: "threshold",
  threshold: { value: 0.5, unit: "short_tons", period: "week" }, measured: { value: 0.6, unit: "short_tons", weeks: 2 },
  above_threshold: true, effective_date: "2022-11-01", conditions: [], covered_business_types: null, exemptions: null,
  source: "MassDEP, Commercial Food Material Disposal Ban guide", unconfirmed: null, step: 2, next_step: null, ...over,
});

let answer: Response;
beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    if (String(url).includes("/api/analytics/refreshed")) return json({ last_refreshed_at: null });
    return answer.clone();
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><StateLawsScreen /></QueryClientProvider>);
}

describe("StateLawsScreen", () => {
  it("shows each location's laws, the rate against the threshold, the conditions and the source", async () => {
    answer = json({
      as_of: "2026-11-27",
      action_items: [{ store_id: "s1", location: "MA Low", law: "Commercial Food Material Disposal Ban", effective_date: "2022-11-01",
        gap: { value: 0.1, unit: "short_tons", period: "week" }, title: "MA Low is 0.10 tons a week below the Commercial Food Material Disposal Ban threshold of 0.50 tons a week" }],
      locations: [
        { store_id: "s0", location: "MA High", state: "MA", laws: [law({})] },
        { store_id: "s2", location: "Seattle Market", state: "WA", laws: [law({ law_key: "wa", law: "Organics Management Law (HB 1799 of 2022)", covered: null,
          threshold: { value: 96, unit: "gallons", period: "week" }, measured: { value: 606, unit: "gallons", weeks: 1 },
          conditions: ["In a business organics management area Ecology designates"], unconfirmed: "threshold value" })] },
        { store_id: "s3", location: "Texas Grill", state: "TX", laws: [law({ law_key: null, law: null, citation: null, covered: false, basis: "none",
          threshold: null, measured: null, source: "No statewide organics law with a site threshold is on file for this state" })] },
      ],
    });
    renderScreen();
    expect(await screen.findByText("MA High")).toBeInTheDocument();
    expect(screen.getByText("Covered")).toHaveClass("badge-blue");
    expect(screen.getByText("Depends on a condition")).toHaveClass("badge-amber");
    expect(screen.getByText("No state law")).toBeInTheDocument();
    expect(screen.getByText(/0\.6 tons a week of 0\.5 tons a week/)).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: /Commercial Food Material Disposal Ban/ })).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText("In a business organics management area Ecology designates")).toBeInTheDocument();
    expect(screen.getByText("Not yet confirmed: threshold value")).toBeInTheDocument();
    expect(screen.getByText(/MA Low is 0\.10 tons a week below/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export PDF" })).toBeInTheDocument();
  });

  it("says when its rates were published and that newer ones are on their way while a refresh runs", async () => {
    const published = new Date(Date.now() - 60_000).toISOString();
    answer = json({ as_of: "2026-11-27", action_items: [], locations: [], last_refreshed_at: published, refreshing: true,
      pending_since: new Date().toISOString() });
    renderScreen();
    expect(await screen.findByText(/^Figures as of /)).toBeInTheDocument();
    expect(screen.getByTestId("figures-refreshing")).toHaveTextContent("Newer figures are on their way");
  });

  it("names the location without a state and points to Locations", async () => {
    answer = json({ detail: "Add a state to the address of Nowhere Kitchen to see which state laws apply" }, 422);
    renderScreen();
    expect(await screen.findByText(/Nowhere Kitchen/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Locations" })).toHaveAttribute("href", "/app/locations");
  });
});
