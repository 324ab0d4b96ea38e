import { FEATURE, hasFeature, inboundGate } from "@/lib/plan-gates";
import type { CurrentUser, Subscription, SystemSettings } from "@/lib/session-types";
import type { IconName } from "@/components/ui/icon";
import type { TabKey } from "../tab-keys";
import { carbonCreditsEnabled } from "./menu";

export interface Tile {
  id: string;
  title: string;
  description: string;
  icon: IconName;
  tab?: TabKey;
  children?: Tile[];
  badge?: string;
}

/** The home tile screen of spec 1 section 2 (pure; the menu's twin). */
export function homeTilesFor(user: CurrentUser | null, subscription?: Subscription | null, settings?: SystemSettings | null): Tile[] {
  if (!user || user.role === "store_employee") return [];
  const inbound = inboundGate(subscription, settings?.inbound_module_enabled) === "ok";
  const dashboards: Tile[] = [
    { id: "dashboard", tab: "dashboard", title: "Main Dashboard", icon: "chart", description: "Diversion, weights and trends" },
    // Core sees the ESG tile with a PRO+ badge so the upgrade path is visible.
    { id: "esg", tab: "esg", title: "ESG Dashboard", icon: "sprout", description: "Environmental impact", badge: hasFeature(subscription, FEATURE.esgAdvanced) ? undefined : "PRO+" },
  ];
  if (carbonCreditsEnabled(settings)) dashboards.push({ id: "carbon-credits", tab: "carbon-credits", title: "Carbon Dashboard", icon: "earth", description: "CO₂e avoided and credits" });
  if (inbound) {
    dashboards.push({ id: "inventory-dashboard", tab: "inventory-dashboard", title: "Inventory Dashboard", icon: "package", description: "Stock on hand" });
    dashboards.push({ id: "invoice-billing-dashboard", tab: "invoice-billing-dashboard", title: "Invoice/Billing Dashboard", icon: "banknote", description: "Invoices and receivables" });
  }
  const reports: Tile[] = [
    { id: "ticket-report", tab: "ticket-report", title: "Ticket Search", icon: "search", description: "Find and export tickets" },
    { id: "basic-report", tab: "basic-report", title: "Basic Report", icon: "file", description: "Totals by period" },
    { id: "esg-impact", tab: "esg-impact", title: "ESG Impact Report", icon: "leaf", description: "Impact summary" },
  ];
  if (subscription?.sb1383_compliance_enabled) reports.push({ id: "compliance-report", tab: "compliance-report", title: "Compliance Report", icon: "check", description: "SB 1383 status" });
  reports.push(
    { id: "state-laws", tab: "state-laws", title: "State Laws", icon: "check", description: "Which state organics laws cover each location" },
    { id: "cost-analysis", tab: "cost-analysis", title: "Cost Analysis", icon: "dollar", description: "Disposal cost by destination" },
    { id: "ai-analytics", tab: "ai-analytics", title: "AI Analytics", icon: "bot", description: "Patterns and anomalies", badge: hasFeature(subscription, FEATURE.aiAnalytics) ? undefined : "ENT" },
  );
  const tiles: Tile[] = [{ id: "main-dashboard", title: "Main Dashboard", icon: "chart", description: "Dashboards for diversion, ESG and carbon", children: dashboards }];
  if (inbound) {
    tiles.push({
      id: "inbound", title: "Inbound Operations", icon: "truck", description: "Receive loads, bill customers",
      children: [
        { id: "inbound-portal", tab: "inbound-portal", title: "Inbound Portal", icon: "scale", description: "Weigh incoming loads" },
        { id: "waste-customers", tab: "waste-customers", title: "Waste Customers", icon: "users", description: "Customers and vehicles" },
        { id: "invoices", tab: "invoices", title: "Invoices & A/R", icon: "receipt", description: "Billing and payments" },
        { id: "customer-statements", tab: "customer-statements", title: "Customer Statements", icon: "receipt", description: "What each customer owes, line by line" },
        { id: "monthly-billing", tab: "monthly-billing", title: "Monthly Billing", icon: "receipt", description: "Consolidated invoices and billing terms" },
        { id: "inbound-tickets", tab: "inbound-tickets", title: "Inbound Tickets", icon: "ticket", description: "All inbound tickets" },
        { id: "inventory-management", tab: "inventory-management", title: "Inventory Management", icon: "package", description: "Stock and movements" },
        { id: "in-progress-tickets", tab: "in-progress-tickets", title: "In-Progress Inbound", icon: "hourglass", description: "Loads awaiting a second weighing" },
      ],
    });
  }
  tiles.push(
    // Outbound goes straight to the scale (spec 1 section 2).
    { id: "outbound", tab: "scale", title: "Outbound Operations", icon: "scale", description: "Weigh waste and create tickets" },
    { id: "reports", title: "Reports", icon: "trend", description: "Search, reports and analysis", children: reports },
    { id: "admin-settings", tab: "admin-settings", title: "Admin Settings", icon: "settings", description: "Ticket options, theme and modules" },
    {
      id: "company", title: "Company", icon: "building", description: "Locations, users and billing",
      children: [
        { id: "company-settings", tab: "company", title: "Company Settings", icon: "building", description: "Logo and billing contacts" },
        ...(hasFeature(subscription, FEATURE.regions) ? [{ id: "regions", tab: "regions", title: "Regions", icon: "map", description: "Group locations" } satisfies Tile] : []),
        { id: "locations", tab: "locations", title: "Locations", icon: "pin", description: "Facilities" },
        { id: "users", tab: "users", title: "Users", icon: "user", description: "Team and PINs" },
        { id: "subscription", tab: "subscription", title: "Billing", icon: "card", description: "Plan and subscription" },
      ],
    },
  );
  if (settings?.enable_ear_reporting) tiles.push({ id: "ear", tab: "ear", title: "EAR Report", icon: "folder", description: "CalRecycle Electronic Annual Report" });
  if (user.role === "system_admin") tiles.push({ id: "system-customers", tab: "system-customers", title: "System Customers", icon: "store", description: "Tenant companies" });
  return tiles;
}
