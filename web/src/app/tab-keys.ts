// Every screen of spec 1 section 2 has a tab key and a URL `/app/<key>`.
export const TAB_KEYS = [
  "home", "dashboard", "scale", "outbound-scale", "history", "ticket-management", "compliance",
  "carbon-credits", "esg", "company", "locations", "regions", "users", "settings",
  "admin-settings", "inbound-portal", "inbound-tickets", "inventory-management",
  "in-progress-tickets", "reporting", "ticket-report", "tickets", "ai-analytics", "basic-report",
  "esg-impact", "email-alerts", "account-reset", "go-live", "cost-analysis", "subscription",
  "system-customers", "waste-customers", "invoices", "customer-statements", "monthly-billing", "inventory-dashboard",
  "invoice-billing-dashboard", "disposal-partners", "bills-payable", "in-progress-outbound",
  "billing", "plans", "compliance-report", "reports", "waste-types", "container-types",
  "destination-types", "diversion-methods", "waste-subtypes", "carbon-methodologies", "ear",
  "reports-menu", "state-laws",
] as const;

export type TabKey = (typeof TAB_KEYS)[number];

export function isTabKey(value: string | undefined): value is TabKey {
  return value !== undefined && (TAB_KEYS as readonly string[]).includes(value);
}

export function tabPath(key: TabKey): string {
  return `/app/${key}`;
}

/** Human titles for headers and breadcrumbs. */
export const TAB_TITLES: Record<TabKey, string> = {
  home: "Home", dashboard: "Main Dashboard", scale: "Scale Entry", "outbound-scale": "Outbound Portal",
  history: "My Tickets", "ticket-management": "Ticket Management", compliance: "Compliance",
  "carbon-credits": "Carbon Dashboard", esg: "ESG Dashboard", company: "Company",
  locations: "Locations", regions: "Regions", users: "Users", settings: "Settings",
  "admin-settings": "Admin Settings", "inbound-portal": "Inbound Portal",
  "inbound-tickets": "Inbound Tickets", "inventory-management": "Inventory Management",
  "in-progress-tickets": "In-Progress Inbound", reporting: "Reports", "ticket-report": "Ticket Search",
  tickets: "Outbound Tickets", "ai-analytics": "AI Analytics", "basic-report": "Basic Report",
  "esg-impact": "ESG Impact Report", "email-alerts": "Email Alerts", "account-reset": "Account Reset",
  "go-live": "GO LIVE", "cost-analysis": "Cost Analysis", subscription: "Billing & Subscription",
  "system-customers": "System Customers", "waste-customers": "Waste Customers",
  invoices: "Invoices & A/R", "customer-statements": "Customer Statements", "monthly-billing": "Monthly Billing",
  "inventory-dashboard": "Inventory Dashboard",
  "invoice-billing-dashboard": "Invoice/Billing Dashboard", "disposal-partners": "Disposal Partners",
  "bills-payable": "Bills & A/P", "in-progress-outbound": "In-Progress Outbound", billing: "Billing",
  plans: "Plans", "compliance-report": "Compliance Report", reports: "Reports",
  "waste-types": "Products", "container-types": "Containers", "destination-types": "Destinations",
  "diversion-methods": "Diversion Methods", "waste-subtypes": "Waste Subtypes",
  "carbon-methodologies": "Carbon Methodologies", ear: "EAR Report", "reports-menu": "Reports",
  "state-laws": "State Laws",
};
