import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EarReport } from "../api/get-ear-report";
import ComplianceReportScreen from "./compliance-report-screen";
import EarScreen from "./ear-screen";

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const report: EarReport = {
  year: 2026, eligible_for_submission: false, reason: "Record 47 more waste tickets (at least 50 are needed)",
  reporting_due_date: "2027-08-01", last_refreshed_at: "2026-11-23T10:00:00Z", refreshing: false, pending_since: null,
  tickets_without_location: 0,
  summary: { compliance_status: "compliant", diversion_rate: 76.2, target_rate: 75, total_organic_waste: 210, total_organic_waste_tons: 0.105, diverted_weight: 160, ticket_count: 3 },
  preparation_checklist: [
    { key: "tickets_every_month", label: "Tickets for every month", done: false, detail: "1 of 10 months" },
    { key: "diversion", label: "Diversion figures", done: true, detail: "76.2% of 75%" },
  ],
};

let answer: () => Response;
beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    if (String(url).includes("/api/analytics/refreshed")) return json({ last_refreshed_at: null });
    return answer();
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe("EarScreen", () => {
  it("shows the summary, the checklist and keeps the export locked with the reason", async () => {
    answer = () => json(report);
    renderWith(<EarScreen />);
    expect(await screen.findByText("Preparation Checklist")).toBeInTheDocument();
    expect(screen.getByText("Tickets for every month")).toBeInTheDocument();
    expect(screen.getByText("76.2%")).toBeInTheDocument();
    expect(screen.getByText("Record 47 more waste tickets (at least 50 are needed)")).toHaveClass("text-red");
    for (const label of ["Export JSON", "Export CSV", "Export Excel (XLSX)", "Export PDF"]) {
      expect(screen.getByRole("button", { name: label })).toBeDisabled();
    }
  });

  it("enables every export when the year is eligible", async () => {
    answer = () => json({ ...report, eligible_for_submission: true, reason: null });
    renderWith(<EarScreen />);
    expect(await screen.findByText("Eligible for submission")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export PDF" })).toBeEnabled();
    expect(screen.queryByRole("link", { name: "Assign them on Locations" })).not.toBeInTheDocument();
  });

  it("says how many tickets wait for a location and links to the repair panel", async () => {
    const reason = "2 tickets of 2026 have no location. Assign them under Locations, Tickets without a location: "
      + "the EAR names every ticket's location.";
    answer = () => json({ ...report, tickets_without_location: 2, reason });
    renderWith(<MemoryRouter><EarScreen /></MemoryRouter>);
    const link = await screen.findByRole("link", { name: "Assign them on Locations" });
    expect(link).toHaveAttribute("href", "/app/locations#tickets-without-location");
    expect(link.closest("[role=alert], .alert")?.textContent).toContain("2 tickets of 2026 have no location.");
    expect(screen.getByRole("button", { name: "Export JSON" })).toBeDisabled();
    expect(screen.queryByText(/Unassigned/)).not.toBeInTheDocument();
  });
});

describe("ComplianceReportScreen", () => {
  it("says compliance features are not enabled when the API refuses", async () => {
    answer = () => json({ detail: "Compliance Features Not Enabled: upgrade to PRO" }, 403);
    renderWith(<ComplianceReportScreen />);
    expect(await screen.findByText("Compliance Features Not Enabled")).toBeInTheDocument();
  });
});
