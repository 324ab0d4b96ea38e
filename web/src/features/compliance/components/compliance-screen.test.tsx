import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ComplianceDashboard } from "../api/get-dashboard";
import { MemoryRouter } from "react-router";
import ComplianceScreen from "./compliance-screen";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const base: ComplianceDashboard = {
  year: 2026, available_years: [2026], has_data: true, last_refreshed_at: "2026-11-23T10:00:00Z", refreshing: false, pending_since: null,
  compliance_status: { is_compliant: false, target_rate: 75, diversion_rate: 70.2, total_tickets_analyzed: 60, risk_level: "medium" },
  diversion_metrics: {
    total_waste: 1000, diverted_weight: 702, landfill_weight: 298, diversion_rate: 70.2, target_rate: 75,
    gap_to_compliance: 4.8, lb_to_target: 48, current_rate: 80, current_month: "2026-10-01",
    monthly_trend: [{ month: "2026-10-01", diversion_rate: 80, target_rate: 75, is_compliant: true, total_waste: 100, diverted_weight: 80, ticket_count: 6 }],
  },
  food_recovery: { recovered_pounds: 100, recovery_rate: 10, target_rate: 20, donation_tickets: 4, gap_to_target: 10, lb_to_target: 100 },
  ear_progress: { completion_percentage: 75, eligible_for_submission: false, current_quarter: "Q4 2026", reporting_due_date: "2027-08-01", status: "in_progress", min_tickets: 50, tickets_without_location: 0 },
  calrecycle_integration: { connection_status: "not connected", last_sync: null, submission_status: "pending", next_submission_date: "2027-08-01" },
  location_compliance: {
    "Kitchen 1": { location_id: "s1", diversion_rate: 66.7, total_weight: 150, is_compliant: false, ticket_count: 2, risk_level: "medium", lb_to_target: 12.5 },
  },
  compliance_log: [],
  compliance_log_total: 0,
  action_items: [{ priority: "medium", title: "Divert 12.5 lb more at Kitchen 1", description: "Send it to compost.", location: "Kitchen 1", pounds: 12.5 }],
};

let answer: ComplianceDashboard;

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    if (String(url).includes("/api/analytics/refreshed")) return json({ last_refreshed_at: null });
    if (String(url).includes("/generator-tiers")) {
      return json({ locations: [{ location_id: "s1", location_name: "Kitchen 1", is_active: true, answers: { business_type: "restaurant", seats: 300, facility_square_feet: 6000 },
        tier: "tier_2", rule_key: "tier2_restaurant_seats", explanation: "A restaurant with 250 or more seats is a Tier 2 commercial edible food generator.",
        citation: "14 CCR 18982(a), tier two commercial edible food generator (A)", obligated_from: "2024-01-01", answered_at: "2026-11-23T10:00:00Z" }],
      warnings: ["Kitchen 1 is a Tier 2 commercial edible food generator with no food recovery agreement on file."] });
    }
    if (String(url).includes("/state-laws")) {
      return json({ as_of: "2026-11-27", action_items: [], locations: [{ store_id: "s2", location: "Boston Cafe", state: "MA", laws: [{
        law_key: "ma_food_ban", law: "Commercial Food Material Disposal Ban", citation: "310 CMR 19.017", covered: true, basis: "threshold",
        threshold: { value: 0.5, unit: "short_tons", period: "week" }, measured: { value: 0.6, unit: "short_tons", weeks: 2 },
        above_threshold: true, effective_date: "2022-11-01", conditions: [], covered_business_types: null, exemptions: null,
        source: "MassDEP", unconfirmed: null, step: 2, next_step: null }] }] });
    }
    if (String(url).includes("/food-recovery-partners")) {
      return json({ partners: [{ id: "p1", name: "City Food Bank", kind: "organization", address: "1 Main St", contact: null, food_types: "Produce",
        collection_frequency: "Weekly", pickup_mode: "collected", destination_id: null, destination_name: null, is_active: true, agreement_status: "missing", agreements: [] }],
      warnings: ["City Food Bank: no contract or written agreement on file."] });
    }
    if (String(url).includes("/activity-log")) {
      const offset = Number(new URL(String(url), "http://flow.test").searchParams.get("offset"));
      return json({ total: 45, entries: Array.from({ length: Math.min(20, 45 - offset) }, (_, i) => entry(offset + i)) });
    }
    return json(answer);
  }));
});
const entry = (n: number) => ({ event: "partner_added", description: `Log entry ${n + 1}`, severity: "info", timestamp: "2026-11-01T10:00:00Z" });
afterEach(() => vi.unstubAllGlobals());

function renderScreen(url = "/app/compliance") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<MemoryRouter initialEntries={[url]}><QueryClientProvider client={client}><ComplianceScreen /></QueryClientProvider></MemoryRouter>);
}

describe("ComplianceScreen", () => {
  it("shows the spec's empty state when the year has no tickets", async () => {
    answer = { ...base, has_data: false, available_years: [] };
    renderScreen();
    expect(await screen.findByText("No compliance data available")).toBeInTheDocument();
    expect(screen.getByText("Create waste tickets to begin SB 1383 tracking")).toBeInTheDocument();
  });

  it("shows every section with the state badges of spec 3 s4", async () => {
    answer = base;
    renderScreen();
    for (const title of ["Waste Diversion Metrics", "Food Recovery", "CalRecycle Integration", "Location Compliance Status",
      "Electronic Annual Report (EAR)", "State laws", "Compliance Activity Log", "Action Items"]) {
      expect(await screen.findByText(title)).toBeInTheDocument();
    }
    expect(await screen.findByText("Boston Cafe (MA)")).toBeInTheDocument(); // the State laws card
    expect(screen.getByText("Covered")).toHaveClass("badge-blue");
    expect(screen.getAllByText("Non-Compliant").length).toBeGreaterThan(0);
    expect(screen.getByText("On Track")).toHaveClass("badge-green"); // current month 80% >= 75%
    expect(screen.getByText("not connected")).toHaveClass("badge-gray"); // never a fake "connected"
    expect(screen.getByText("4.8 points (48.0 lb to divert)")).toHaveClass("text-red");
    const table = screen.getAllByRole("table")[0];
    expect(within(table).getByText("Kitchen 1")).toBeInTheDocument();
    expect(screen.getByText("Divert 12.5 lb more at Kitchen 1")).toBeInTheDocument();
    // 1 August stays 1 August in any time zone.
    expect(screen.getAllByText(new Date("2027-08-01T00:00:00Z").toLocaleDateString(undefined, { timeZone: "UTC" })).length).toBe(2);
    expect(screen.getByText(/EAR export unlocks at 75(\.0)?% diversion \(your target\) and at least 50 waste tickets/)).toBeInTheDocument();
    expect(await screen.findByText("City Food Bank: no contract or written agreement on file.")).toBeInTheDocument();
    expect(screen.getByText("No agreement")).toHaveClass("badge-red");
  });
});

describe("the Compliance Activity Log", () => {
  it("shows the dashboard's newest entries and pages to the oldest through the API", async () => {
    answer = { ...base, compliance_log: Array.from({ length: 20 }, (_, i) => entry(i)), compliance_log_total: 45 };
    renderScreen();
    expect(await screen.findByText("Log entry 1")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Pages of log entries" });
    expect(within(pager).getByTestId("page-range").textContent).toBe("1–20 of 45");
    fireEvent.click(within(pager).getByRole("button", { name: "Last" }));
    expect(await screen.findByText("Log entry 45")).toBeInTheDocument();
    expect(within(pager).getByTestId("page-range").textContent).toBe("41–45 of 45");
    expect(screen.queryByText("Log entry 1")).toBeNull();
  });

  it("opens at the log's page the URL holds (back and reload return to it)", async () => {
    answer = { ...base, compliance_log: Array.from({ length: 20 }, (_, i) => entry(i)), compliance_log_total: 45 };
    renderScreen("/app/compliance?page=2");
    expect(await screen.findByText("Log entry 21")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Pages of log entries" });
    expect(within(pager).getByTestId("page-range").textContent).toBe("21–40 of 45");
    expect(screen.queryByText("Log entry 1")).toBeNull();
  });
});
