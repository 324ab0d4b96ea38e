import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { scaleScreen } from "./deep-links";
import type { TabKey } from "./tab-keys";

export type Screen = LazyExoticComponent<ComponentType>;

/**
 * Tab key -> screen for company users (store_admin, store_employee). Each feature plugs its
 * screens in with one line, e.g.
 *   tickets: lazy(() => import("@/features/tickets/components/tickets-screen")),
 * (the module's default export is the screen). A key without an entry shows the
 * "This screen is not built yet" panel; never fake data.
 */
export const SCREENS: Partial<Record<TabKey, Screen>> = {
  "account-reset": lazy(() => import("@/features/admin/components/account-reset-screen")),
  "admin-settings": lazy(() => import("@/features/admin/components/company-settings-screen")),
  company: lazy(() => import("@/features/companies/components/company-screen")),
  locations: lazy(() => import("@/features/stores/components/locations-screen")),
  users: lazy(() => import("@/features/users/components/users-screen")),
  regions: lazy(() => import("@/features/regions/components/regions-screen")),
  "waste-types": lazy(() => import("@/features/lists/components/waste-types-screen")),
  "destination-types": lazy(() => import("@/features/lists/components/destination-types-screen")),
  "container-types": lazy(() => import("@/features/lists/components/container-types-screen")),
  "diversion-methods": lazy(() => import("@/features/lists/components/diversion-methods-screen")),
  "waste-subtypes": lazy(() => import("@/features/lists/components/waste-subtypes-screen")),
  "carbon-methodologies": lazy(() => import("@/features/lists/components/carbon-methodologies-screen")),
  scale: scaleScreen.Component, // fetched ahead on a deep link (preload.ts)
  "outbound-scale": lazy(() => import("@/features/tickets/components/outbound/outbound-ticket-screen")),
  history: lazy(() => import("@/features/tickets/components/lists/history-screen")),
  tickets: lazy(() => import("@/features/tickets/components/lists/ticket-search-screen")),
  "ticket-report": lazy(() => import("@/features/tickets/components/lists/ticket-report-screen")),
  "in-progress-outbound": lazy(() => import("@/features/payables/components/in-progress-outbound-screen")),
  "in-progress-tickets": lazy(() => import("@/features/inbound/components/in-progress-screen")),
  "inbound-portal": lazy(() => import("@/features/inbound/components/inbound-wizard-screen")),
  "waste-customers": lazy(() => import("@/features/inbound/components/customers-screen")),
  "inbound-tickets": lazy(() => import("@/features/inbound/components/inbound-tickets-screen")),
  "inventory-management": lazy(() => import("@/features/inventory/components/inventory-management-screen")),
  "inventory-dashboard": lazy(() => import("@/features/inventory/components/inventory-dashboard-screen")),
  dashboard: lazy(() => import("@/features/analytics/components/dashboard-screen")),
  esg: lazy(() => import("@/features/analytics/components/esg-screen")),
  "basic-report": lazy(() => import("@/features/analytics/components/basic-report-screen")),
  "esg-impact": lazy(() => import("@/features/analytics/components/esg-impact-screen")),
  "cost-analysis": lazy(() => import("@/features/analytics/components/cost-analysis-screen")),
  "ai-analytics": lazy(() => import("@/features/analytics/components/ai-analytics-screen")),
  compliance: lazy(() => import("@/features/compliance/components/compliance-screen")),
  ear: lazy(() => import("@/features/compliance/components/ear-screen")),
  "compliance-report": lazy(() => import("@/features/compliance/components/compliance-report-screen")),
  "state-laws": lazy(() => import("@/features/compliance/components/state-laws-screen")),
  "carbon-credits": lazy(() => import("@/features/carbon/components/carbon-credits-screen")),
  subscription: lazy(() => import("@/features/subscription/components/subscription-screen")),
  "email-alerts": lazy(() => import("@/features/email-alerts/components/email-alerts-screen")),
  invoices: lazy(() => import("@/features/invoices/components/invoices-screen")),
  "customer-statements": lazy(() => import("@/features/invoices/components/customer-statements-screen")),
  "monthly-billing": lazy(() => import("@/features/invoices/components/monthly-billing-screen")),
  "invoice-billing-dashboard": lazy(() => import("@/features/invoices/components/billing-dashboard-screen")),
  "disposal-partners": lazy(() => import("@/features/payables/components/disposal-partners-screen")),
  "bills-payable": lazy(() => import("@/features/payables/components/bills-screen")),
};

/** Tab key -> screen for the platform admin (system_admin); falls back to SCREENS. */
export const PLATFORM_SCREENS: Partial<Record<TabKey, Screen>> = {
  dashboard: lazy(() => import("@/features/admin/components/platform-dashboard-screen")),
  "system-customers": lazy(() => import("@/features/admin/components/system-customers-screen")),
  "go-live": lazy(() => import("@/features/admin/components/go-live-screen")),
  settings: lazy(() => import("@/features/admin/components/system-settings-screen")),
  billing: lazy(() => import("@/features/admin/components/billing-management-screen")),
  plans: lazy(() => import("@/features/admin/components/plan-management-screen")),
  reports: lazy(() => import("@/features/admin/components/system-reports-screen")),
};

export function screenFor(key: TabKey, isPlatformAdmin: boolean): Screen | undefined {
  return (isPlatformAdmin ? PLATFORM_SCREENS[key] : undefined) ?? SCREENS[key];
}
