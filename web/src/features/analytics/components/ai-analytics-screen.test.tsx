import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AiAnalytics, AiNarrative } from "../api/get-ai-analytics";
import AiAnalyticsScreen from "./ai-analytics-screen";

// The screen reads the session only for the location filter; a manager of one location has none.
vi.mock("@/lib/session", () => ({ useSession: () => ({ user: { company: { locations: [] }, assigned_location_id: null } }) }));

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

// The figures of the e2e world's "Vision Kitchens" (tests/e2e/analytics_world.py), as the API answers them.
const report: AiAnalytics = {
  period: { start_date: "2026-10-01", end_date: "2026-10-30" }, last_refreshed_at: "2026-10-30T12:00:00Z", refreshing: false, pending_since: null,
  totals: { total_tickets: 9, total_weight_lb: 1300, active_days: 9 },
  data_quality: { tickets: 9, weight_lb: 1300, photo_tickets: 5, photo_weight_lb: 940, photo_weight_percent: 72.3,
    photo_target_percent: 85, ai_readings: 5, ai_accepted: 4, ai_corrected: 1, ai_accepted_percent: 80, typed_tickets: 4 },
  by_location: [{ location_id: "s1", location_name: "Harbor Kitchen", tickets: 9, weight_lb: 1300, share_percent: 100, lb_per_active_day: 144.4 }],
  by_product: [{ waste_type: "Food Scraps", tickets: 9, weight_lb: 1300, share_percent: 100 }],
  by_weekday: [{ iso_weekday: 1, weekday: "Monday", tickets: 2, weight_lb: 590, days: 2, lb_per_day: 295 }],
  weekly_trend: [], trend: { direction: "flat", change_percent: null, first_week_lb: null, last_week_lb: null },
  anomalies: [{ scope: "location", location_id: "s1", location_name: "Harbor Kitchen", local_date: "2026-10-28", net_weight_lb: 500,
    prior_days: 8, prior_mean_lb: 100, prior_stddev_lb: 10.69, z_score: 37.42, direction: "high" }],
  anomaly_statistic: "z-score of the day's outbound lb against the mean and sample standard deviation of the same series' previous 28 weighing days",
  recommendations: ["Only 72.3% of weighed lb has a photo (aim: more than 85%).", "20.0% of AI scale readings were corrected by hand."],
};
const noKey: AiNarrative = { status: "off", text: null, model: null,
  message: "No AI provider is connected for this Flow service, so no narrative summary is written." };

let narrative: AiNarrative;
let analytics: () => Response;

beforeEach(() => {
  narrative = noKey;
  analytics = () => json(report);
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const path = String(url);
    if (path.includes("/api/reports/ai-analytics/narrative")) return json(narrative);
    if (path.includes("/api/reports/ai-analytics")) return analytics();
    if (path.includes("/api/analytics/refreshed")) return json({ last_refreshed_at: report.last_refreshed_at });
    return json({ detail: "Not found" }, 404);
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const statValue = (label: string) => screen.getByText(label, { selector: ".stat-label" }).parentElement!;

describe("AI Analytics report", () => {
  it("shows the photo share, accepted vs corrected readings and the anomaly with its statistic", async () => {
    wrap(<AiAnalyticsScreen />);
    expect(await screen.findByText("72.3%")).toBeTruthy();
    expect(within(statValue("Weight with a photo")).getByText("Aim: more than 85%")).toBeTruthy();
    expect(within(statValue("AI readings accepted")).getByText("80.0%")).toBeTruthy();
    expect(within(statValue("AI readings accepted")).getByText("4 accepted, 1 corrected by hand of 5")).toBeTruthy();
    expect(screen.getByText(/^Statistic: z-score of the day's outbound lb/)).toBeTruthy();
    const row = screen.getByRole("row", { name: /2026-10-28/ });
    expect(within(row).getByText("37.42")).toBeTruthy();
    expect(within(row).getByText("above usual")).toBeTruthy();
    const recs = screen.getByTestId("ai-recommendations");
    expect(within(recs).getAllByRole("listitem").map((li) => li.textContent)).toEqual(report.recommendations);
  });

  it("says plainly that no narrative is written without a key", async () => {
    wrap(<AiAnalyticsScreen />);
    expect(await screen.findByRole("note")).toHaveProperty("textContent", noKey.message);
    expect(screen.queryByTestId("ai-narrative")).toBeNull();
  });

  it("shows the model's narrative and says it was written from the figures", async () => {
    narrative = { status: "written", text: "Harbor Kitchen weighed 1,300 lb.", model: "gpt-4o-mini",
      message: "Written by the AI model gpt-4o-mini from the figures of this report only." };
    wrap(<AiAnalyticsScreen />);
    expect((await screen.findByTestId("ai-narrative")).textContent).toBe("Harbor Kitchen weighed 1,300 lb.");
    expect(screen.getByRole("note").textContent).toContain("from the figures of this report only");
  });

  it("says when a period has no tickets instead of showing figures", async () => {
    analytics = () => json({ ...report, totals: { total_tickets: 0, total_weight_lb: 0, active_days: 0 },
      data_quality: { ...report.data_quality, tickets: 0 }, anomalies: [], recommendations: [] });
    wrap(<AiAnalyticsScreen />);
    expect(await screen.findByText("No tickets in this period")).toBeTruthy();
    expect(screen.queryByTestId("ai-recommendations")).toBeNull();
  });

  it("shows the server's refusal for a plan without the report", async () => {
    analytics = () => json({ detail: "AI Analytics is an Enterprise feature" }, 403);
    wrap(<AiAnalyticsScreen />);
    expect(await screen.findByText("AI Analytics is an Enterprise feature")).toBeTruthy();
  });
});
