import { describe, expect, it } from "vitest";
import type { CurrentUser, Plan, Subscription, SystemSettings } from "@/lib/session-types";
import type { Gate } from "@/lib/plan-gates";
import { employeeTabs, menuFor, menuTabs, planOf, startTab } from "./menu";
import { homeTilesFor } from "./tiles";
import { nextTrail } from "./breadcrumbs";

const user = (role: CurrentUser["role"]): CurrentUser => ({
  id: "u", email: "a@example.com", role, first_name: "Ann", last_name: "Lee", setup_completed: true,
  phone: null, store_id: null, assigned_location_id: null, preferences: {}, company_name: null,
  company: role === "system_admin" ? null : { id: "c", name: "Co", subscription_plan: "core", subscription_status: "active", timezone: "America/Los_Angeles", locations: [] },
});
// The gates GET /api/subscription/current lists for each plan (api/subscription/plans.py, SB 1383 on for pro and up).
const PRO_GATES: Gate[] = ["ai_vision", "custom_lists", "email_alerts", "employee_pins", "esg_advanced", "location_assignment", "multi_location", "sb1383_compliance"];
const GATES: Record<Plan, Gate[]> = { core: [], pro: PRO_GATES, enterprise: [...PRO_GATES, "ai_analytics", "direct_submission", "inbound", "regions"] };
const sub = (plan: Plan, extra: Partial<Subscription> = {}): Subscription => ({
  current_plan: plan, effective_plan: plan, plan_info: { name: plan }, subscription_status: "active",
  current_facilities: 1, max_facilities: null, facilities: [], sb1383_compliance_enabled: plan !== "core", features: GATES[plan], ...extra,
});
const tabs = (plan: Plan, settings: SystemSettings = {}, extra: Partial<Subscription> = {}) =>
  menuTabs(menuFor(user("store_admin"), sub(plan, extra), settings));

describe("menuFor: store admin by plan and settings", () => {
  it("core: no ESG, no compliance report, no inbound, carbon on by default", () => {
    const t = tabs("core");
    expect(t).toContain("dashboard");
    expect(t).toContain("carbon-credits");
    expect(t).not.toContain("esg");
    expect(t).not.toContain("compliance-report");
    expect(t).not.toContain("compliance");
    expect(t).not.toContain("inbound-portal");
    expect(t).not.toContain("inventory-dashboard");
  });

  it("pro: ESG dashboard and compliance report (SB 1383 on the subscription)", () => {
    const t = tabs("pro");
    expect(t).toContain("esg");
    expect(t).toContain("compliance-report");
    expect(t).toContain("compliance");
    expect(t).not.toContain("inbound-portal");
  });

  it("enterprise without the inbound module has no inbound operations", () => {
    const t = tabs("enterprise");
    expect(t).not.toContain("inbound-portal");
    expect(t).not.toContain("invoice-billing-dashboard");
  });

  it("enterprise with the inbound module gets the inbound menu and its two dashboards", () => {
    const t = tabs("enterprise", { inbound_module_enabled: true });
    for (const key of ["inbound-portal", "waste-customers", "invoices", "inbound-tickets", "inventory-management", "in-progress-tickets", "inventory-dashboard", "invoice-billing-dashboard"]) {
      expect(t).toContain(key);
    }
  });

  it("pro with the inbound module still has none: inbound is enterprise only", () => {
    expect(tabs("pro", { inbound_module_enabled: true })).not.toContain("inbound-portal");
  });

  it("hides the carbon dashboard only when carbon credits are explicitly off", () => {
    expect(tabs("pro", { enable_carbon_credits: false })).not.toContain("carbon-credits");
    expect(tabs("pro", { enable_carbon_credits: undefined })).toContain("carbon-credits");
  });

  it("shows EAR only when EAR reporting is enabled", () => {
    expect(tabs("pro")).not.toContain("ear");
    expect(tabs("pro", { enable_ear_reporting: true })).toContain("ear");
  });

  it("shows the compliance report when the platform enabled SB 1383 on core", () => {
    expect(tabs("core", {}, { sb1383_compliance_enabled: true })).toContain("compliance-report");
  });

  it("always has HOME, outbound, ticket settings, admin settings and company", () => {
    const menu = menuFor(user("store_admin"), sub("core"), {});
    expect(menu.map((m) => m.label)).toEqual(["HOME", "Main Dashboard", "Outbound Operations", "Reports", "Ticket Settings", "Admin Settings", "Company"]);
    expect(menuTabs(menu)).toEqual(expect.arrayContaining(["waste-types", "container-types", "destination-types", "diversion-methods", "waste-subtypes", "carbon-methodologies", "company", "locations", "users", "subscription"]));
  });

  it("puts Company Settings in the Company menu and offers Regions only on Enterprise", () => {
    const company = (plan: Plan, extra: Partial<Subscription> = {}) =>
      menuFor(user("store_admin"), sub(plan, extra), {}).find((m) => m.id === "company")!.children!.map((c) => c.label);
    expect(company("enterprise")).toEqual(["Company Settings", "Regions", "Locations", "Users", "Billing"]);
    expect(company("pro")).toEqual(["Company Settings", "Locations", "Users", "Billing"]);
    expect(company("pro", { current_plan: "pro", subscription_status: "trial" })).not.toContain("Regions");
    expect(company("core")).not.toContain("Regions");
  });

  it("treats a trial as its effective plan", () => {
    expect(planOf(user("store_admin"), sub("pro", { current_plan: "pro", subscription_status: "trial" }))).toBe("pro");
    expect(planOf(user("store_admin"), null)).toBe("core");
  });
});

describe("menuFor: other roles", () => {
  it("system admin: dashboard, customers, billing, plans, reports, settings", () => {
    const menu = menuFor(user("system_admin"), null, {});
    // Carbon credits are each company's (a manager's routes): the platform has no Carbon Credits entry.
    expect(menu.map((m) => m.label)).toEqual(["Dashboard", "System Customers (Companies)", "Billing", "Plans", "Reports", "Settings"]);
    expect(menuTabs(menu)).not.toContain("carbon-credits");
  });

  it("employee: scale entry, my tickets, products, containers, destinations", () => {
    expect(menuFor(user("store_employee"), null, {}).map((m) => m.label)).toEqual(["Scale Entry", "My Tickets", "Products", "Containers", "Destinations"]);
  });

  it("employee: the inbound weigh-in only where the company turns it on (enterprise, inbound module)", () => {
    const on: SystemSettings = { inbound_module_enabled: true, inbound_employee_weigh_in_enabled: true };
    const labels = (plan: Plan, settings: SystemSettings) => menuFor(user("store_employee"), sub(plan), settings).map((m) => m.label);
    expect(labels("enterprise", on)).toEqual(["Scale Entry", "My Tickets", "Products", "Containers", "Destinations", "Inbound Weigh-In", "In-Progress Inbound"]);
    expect(labels("enterprise", { ...on, inbound_employee_weigh_in_enabled: false })).not.toContain("Inbound Weigh-In");
    expect(labels("pro", on)).not.toContain("Inbound Weigh-In");
  });

  it("employee: no tab beyond the menu (reports, dashboards, inventory answer 403)", () => {
    const tabs = employeeTabs(menuFor(user("store_employee"), null, {}));
    for (const tab of ["dashboard", "basic-report", "ticket-report", "inventory-management", "waste-customers", "invoices", "email-alerts", "inbound-portal"] as const) {
      expect(tabs.has(tab)).toBe(false);
    }
    expect([...tabs].sort()).toEqual(["container-types", "destination-types", "history", "scale", "waste-types"]);
  });

  it("nobody signed in: an empty menu", () => {
    expect(menuFor(null)).toEqual([]);
  });

  it("start tabs: employee scale, store admin home, system admin dashboard", () => {
    expect(startTab(user("store_employee"))).toBe("scale");
    expect(startTab(user("store_admin"))).toBe("home");
    expect(startTab(user("system_admin"))).toBe("dashboard");
  });
});

describe("home tiles", () => {
  it("badges ESG with PRO+ on core only", () => {
    const esg = (plan: Plan) => homeTilesFor(user("store_admin"), sub(plan), {})[0].children!.find((t) => t.id === "esg")!;
    expect(esg("core").badge).toBe("PRO+");
    expect(esg("pro").badge).toBeUndefined();
  });
  it("sends Outbound Operations straight to the scale", () => {
    expect(homeTilesFor(user("store_admin"), sub("pro"), {}).find((t) => t.id === "outbound")!.tab).toBe("scale");
  });
  it("adds the EAR tile when enabled and System Customers for the platform admin", () => {
    expect(homeTilesFor(user("store_admin"), sub("pro"), { enable_ear_reporting: true }).map((t) => t.id)).toContain("ear");
    expect(homeTilesFor(user("system_admin"), null, {}).map((t) => t.id)).toContain("system-customers");
  });
  it("has a Company Settings tile, and a Regions tile only on Enterprise", () => {
    const company = (plan: Plan) => homeTilesFor(user("store_admin"), sub(plan), {}).find((t) => t.id === "company")!.children!;
    expect(company("pro").map((t) => [t.title, t.tab])).toEqual([["Company Settings", "company"], ["Locations", "locations"], ["Users", "users"], ["Billing", "subscription"]]);
    expect(company("enterprise").map((t) => t.tab)).toContain("regions");
  });
});

describe("breadcrumb trail", () => {
  it("appends, truncates on an earlier crumb and clears at home", () => {
    let trail = nextTrail([], "dashboard");
    trail = nextTrail(trail, "esg");
    trail = nextTrail(trail, "users");
    expect(trail).toEqual(["dashboard", "esg", "users"]);
    expect(nextTrail(trail, "esg")).toEqual(["dashboard", "esg"]);
    expect(nextTrail(trail, "home")).toEqual([]);
  });
});
