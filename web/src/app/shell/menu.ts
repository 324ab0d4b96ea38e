import { FEATURE, hasFeature, inboundGate } from "@/lib/plan-gates";
import type { CurrentUser, Plan, Subscription, SystemSettings } from "@/lib/session-types";
import type { TabKey } from "../tab-keys";

export interface MenuItem {
  /** Unique id within the menu (a tab key for leaves). */
  id: string;
  label: string;
  tab?: TabKey;
  children?: MenuItem[];
  badge?: string;
}

/** The plan that gates features: a trial runs on pro (spec 1 section 1). */
export function planOf(user: CurrentUser | null, subscription?: Subscription | null): Plan {
  const plan = subscription?.effective_plan ?? subscription?.current_plan ?? user?.company?.subscription_plan;
  return plan === "pro" || plan === "enterprise" ? plan : "core";
}

/** Carbon credits count as enabled unless explicitly false (spec 1 section 3). */
export function carbonCreditsEnabled(settings?: SystemSettings | null): boolean {
  return settings?.enable_carbon_credits !== false;
}

function inboundAvailable(subscription: Subscription | null | undefined, settings?: SystemSettings | null): boolean {
  return inboundGate(subscription, settings?.inbound_module_enabled) === "ok";
}

const leaf = (tab: TabKey, label: string, badge?: string): MenuItem => ({ id: tab, tab, label, badge });

function storeAdminMenu(subscription: Subscription | null | undefined, settings: SystemSettings | null | undefined): MenuItem[] {
  const inbound = inboundAvailable(subscription, settings);
  const dashboards: MenuItem[] = [leaf("dashboard", "Main Dashboard")];
  if (hasFeature(subscription, FEATURE.esgAdvanced)) dashboards.push(leaf("esg", "ESG Dashboard"));
  if (carbonCreditsEnabled(settings)) dashboards.push(leaf("carbon-credits", "Carbon Dashboard"));
  if (subscription?.sb1383_compliance_enabled) dashboards.push(leaf("compliance", "SB 1383 Compliance"));
  if (inbound) {
    dashboards.push(leaf("inventory-dashboard", "Inventory Dashboard"));
    dashboards.push(leaf("invoice-billing-dashboard", "Invoice/Billing Dashboard"));
  }
  const reports: MenuItem[] = [leaf("ticket-report", "Ticket Search"), leaf("basic-report", "Basic Report"), leaf("esg-impact", "ESG Impact Report")];
  if (subscription?.sb1383_compliance_enabled) reports.push(leaf("compliance-report", "Compliance Report"));
  reports.push(leaf("state-laws", "State Laws"));
  reports.push(leaf("cost-analysis", "Cost Analysis"));
  // The AI Analytics page is enterprise only (spec 1 section 6); the entry says so on other plans.
  reports.push(leaf("ai-analytics", "AI Analytics", hasFeature(subscription, FEATURE.aiAnalytics) ? undefined : "ENT"));
  // Scheduled report mails are a pro and enterprise feature (spec 1 section 9).
  if (hasFeature(subscription, FEATURE.emailAlerts)) reports.push(leaf("email-alerts", "Email Alerts"));

  const menu: MenuItem[] = [
    leaf("home", "HOME"),
    { id: "main-dashboard", label: "Main Dashboard", children: dashboards },
  ];
  if (inbound) {
    menu.push({
      id: "inbound-operations",
      label: "Inbound Operations",
      children: [
        leaf("inbound-portal", "Inbound Portal"),
        leaf("waste-customers", "Waste Customers"),
        leaf("invoices", "Invoices & A/R"),
        leaf("customer-statements", "Customer Statements"),
        leaf("monthly-billing", "Monthly Billing"),
        leaf("inbound-tickets", "Inbound Tickets"),
        leaf("inventory-management", "Inventory Management"),
        leaf("in-progress-tickets", "In-Progress Inbound"),
      ],
    });
  }
  menu.push(
    {
      id: "outbound-operations",
      label: "Outbound Operations",
      children: [
        leaf("outbound-scale", "Outbound Portal"),
        leaf("disposal-partners", "Disposal Partners"),
        leaf("bills-payable", "Bills & A/P"),
        leaf("tickets", "Outbound Tickets"),
        leaf("in-progress-outbound", "In-Progress Outbound"),
      ],
    },
    { id: "reports-menu", label: "Reports", children: reports },
  );
  if (settings?.enable_ear_reporting) menu.push(leaf("ear", "EAR Report"));
  menu.push(
    {
      id: "ticket-settings",
      label: "Ticket Settings",
      children: [
        leaf("waste-types", "Products"),
        leaf("container-types", "Containers"),
        leaf("destination-types", "Destinations"),
        leaf("diversion-methods", "Diversion Methods"),
        leaf("waste-subtypes", "Waste Subtypes"),
        leaf("carbon-methodologies", "Carbon Methodologies"),
      ],
    },
    leaf("admin-settings", "Admin Settings"),
    {
      id: "company",
      label: "Company",
      // Company Settings (logo, billing contacts) has its entry here; Regions is an Enterprise
      // feature (api/subscription/plans.py), offered only there.
      children: [
        leaf("company", "Company Settings"),
        ...(hasFeature(subscription, FEATURE.regions) ? [leaf("regions", "Regions")] : []),
        leaf("locations", "Locations"), leaf("users", "Users"), leaf("subscription", "Billing"),
      ],
    },
  );
  return menu;
}

function systemAdminMenu(): MenuItem[] {
  const menu: MenuItem[] = [
    leaf("dashboard", "Dashboard"),
    leaf("system-customers", "System Customers (Companies)"),
    leaf("billing", "Billing"),
    leaf("plans", "Plans"),
    leaf("reports", "Reports"),
  ];
  // No Carbon Credits entry: the credits are each company's (GET /api/carbon-credits is a manager's,
  // docs/access.md), so the platform's screen answered only 403s.
  // Account Reset and GO LIVE are platform screens too (spec 1 section 2); they sit under Settings.
  menu.push({
    id: "platform-settings",
    label: "Settings",
    children: [leaf("settings", "System Settings"), leaf("account-reset", "Account Reset"), leaf("go-live", "GO LIVE")],
  });
  return menu;
}

const EMPLOYEE_MENU: MenuItem[] = [
  leaf("scale", "Scale Entry"),
  leaf("history", "My Tickets"),
  leaf("waste-types", "Products"),
  leaf("container-types", "Containers"),
  leaf("destination-types", "Destinations"),
];

/** Spec 1 s6 and docs/access.md: the scale, their tickets and the form's lists; the inbound
 * weigh-in too where the company lets employees weigh loads in (enterprise, inbound module on). */
function employeeMenu(subscription: Subscription | null | undefined, settings?: SystemSettings | null): MenuItem[] {
  if (!inboundAvailable(subscription, settings) || settings?.inbound_employee_weigh_in_enabled !== true) return EMPLOYEE_MENU;
  return [...EMPLOYEE_MENU, leaf("inbound-portal", "Inbound Weigh-In"), leaf("in-progress-tickets", "In-Progress Inbound")];
}

/** The tabs an employee may open: their menu and the screens the scale leads to. Any other tab
 * (a typed or bookmarked URL) goes back to the scale: its calls answer 403 to employees. */
export function employeeTabs(menu: MenuItem[]): Set<TabKey> {
  return new Set<TabKey>([...menuTabs(menu), "scale"]);
}

/** The side menu of spec 1 section 2 for a role, plan and settings. Pure: unit-tested. */
export function menuFor(
  user: CurrentUser | null,
  subscription?: Subscription | null,
  settings?: SystemSettings | null,
): MenuItem[] {
  if (!user) return [];
  if (user.role === "system_admin") return systemAdminMenu();
  if (user.role === "store_employee") return employeeMenu(subscription, settings);
  return storeAdminMenu(subscription, settings);
}

/** Every tab key reachable from a menu (leaves, depth first). */
export function menuTabs(menu: MenuItem[]): TabKey[] {
  return menu.flatMap((item) => [...(item.tab ? [item.tab] : []), ...menuTabs(item.children ?? [])]);
}

export function startTab(user: CurrentUser): TabKey {
  if (user.role === "store_employee") return "scale";
  if (user.role === "store_admin") return "home";
  return "dashboard";
}
