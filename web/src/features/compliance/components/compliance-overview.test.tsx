import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ComplianceOverview } from "./compliance-overview";

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

// The gates GET /api/subscription/current lists per plan (api/subscription/plans.py), SB 1383 as set.
const GATES: Record<string, string[]> = {
  core: [],
  pro: ["ai_vision", "custom_lists", "email_alerts", "employee_pins", "esg_advanced", "location_assignment", "multi_location", "sb1383_compliance"],
  enterprise: ["ai_analytics", "ai_vision", "custom_lists", "direct_submission", "email_alerts", "employee_pins", "esg_advanced", "inbound",
    "location_assignment", "multi_location", "regions", "sb1383_compliance"],
};

function serve(plan: string, enabled: boolean) {
  vi.stubGlobal("fetch", vi.fn(async (url: string) => {
    const u = String(url);
    if (u.includes("/generator-tiers")) {
      return json({ locations: [{ location_id: "s1", location_name: "Kitchen 1", is_active: true, answers: null, tier: "tier_2", rule_key: "tier2_hotel",
        explanation: "x", citation: "14 CCR 18982(a)", obligated_from: "2024-01-01", answered_at: null }], warnings: ["Kitchen 1 is a Tier 2 commercial edible food generator with no food recovery agreement on file."] });
    }
    if (u.includes("/food-recovery-partners")) return json({ partners: [], warnings: [] });
    // The one price list, as GET /api/subscription/plans serves it.
    if (u.includes("/api/subscription/plans")) {
      return json({ plans: [{ id: "pro", price_terms: "$99 per location / month, up to 20 users included" },
        { id: "enterprise", price_terms: "$150 per location / month, unlimited users included" }] });
    }
    return json({ effective_plan: plan, sb1383_compliance_enabled: enabled, features: GATES[plan] });
  }));
}
afterEach(() => vi.unstubAllGlobals());

function renderOverview() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}><ComplianceOverview /></QueryClientProvider>);
}

describe("ComplianceOverview (PRO variant)", () => {
  it("offers PRO at the price list's terms to a core plan and no tools", async () => {
    serve("core", false);
    renderOverview();
    expect(await screen.findByRole("heading", { name: "Upgrade to PRO" })).toBeTruthy();
    expect(await screen.findByText("$99 per location / month, up to 20 users included")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "EAR Preparation Tool" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Upgrade to Enterprise" })).toBeNull();
  });

  it("gives pro the tools in a new tab, the tier figures and the Enterprise box at the price list's terms", async () => {
    serve("pro", true);
    renderOverview();
    const tool = await screen.findByRole("link", { name: "EAR Preparation Tool" });
    expect(tool.getAttribute("href")).toBe("/compliance/tools/ear-preparation");
    expect(tool.getAttribute("target")).toBe("_blank");
    expect(await screen.findByText("1 tier warning")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Upgrade to Enterprise" })).toBeTruthy();
    expect(await screen.findByText("$150 per location / month, unlimited users included")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Upgrade to PRO" })).toBeNull();
  });

  it("shows enterprise no upgrade box", async () => {
    serve("enterprise", true);
    renderOverview();
    await screen.findByRole("link", { name: "EAR Preparation Tool" });
    expect(screen.queryByRole("heading", { name: /Upgrade/ })).toBeNull();
  });
});
