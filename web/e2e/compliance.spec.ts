import { expect, test, type Locator, type Page } from "@playwright/test";
import { shot, signIn } from "./support";

// The SB 1383 screens against real published marts: the companies and tickets of
// tests/e2e/analytics_world.py (one real warehouse refresh before the specs).
// "Analytics Kitchens" (enterprise): Kitchen 1 composts 100 lb and landfills 50 lb (66.7 %),
// Kitchen 2 donates 60 lb; the inbound 200 lb and the void ticket never count:
// 160 of 210 lb = 76.2 %, 3 tickets, compliant, low risk; 60 / 210 = 28.6 % food recovery.

type World = { password: string; manager: string; empty: string; core: string; days: string[] };
const world: World = JSON.parse(process.env.E2E_ANALYTICS ?? "null");

test.describe.configure({ mode: "serial" });
test.beforeAll(() => {
  expect(world, "E2E_ANALYTICS comes from tests/e2e/test_browser.py (analytics_world.build)").toBeTruthy();
});

function stat(page: Page, label: string): Locator {
  return page.locator(".stat-card").filter({ has: page.locator(".stat-label", { hasText: new RegExp(`^${label}$`) }) }).locator(".stat-value");
}

function card(page: Page, title: string): Locator {
  return page.locator("section.card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

async function openCompliance(page: Page, email: string): Promise<void> {
  await signIn(page, email, world.password);
  await expect(page).toHaveURL(/\/app\//);
  await page.goto("/app/compliance");
  await expect(page.getByRole("heading", { name: "SB 1383 Compliance Dashboard", level: 2 })).toBeVisible();
}

test("a manager sees where each location stands against SB 1383", async ({ page }) => {
  await openCompliance(page, world.manager);
  await expect(page.getByTestId("last-refreshed")).toHaveText(/^Data last refreshed /);
  // The tickets lie a few days back: one calendar year unless this runs in the first days of January.
  const years = new Set(world.days.map((d) => d.slice(0, 4)));
  if (years.size === 1) {
    await expect(stat(page, "Diversion rate")).toHaveText("76.2%");
    await expect(stat(page, "Tickets analyzed")).toHaveText("3");
    await expect(stat(page, "Compliance status")).toHaveText("Compliant");
    const rows = card(page, "Location Compliance Status").getByRole("row");
    await expect(rows.filter({ hasText: "Kitchen 1" })).toContainText("66.7%");
    await expect(rows.filter({ hasText: "Kitchen 1" })).toContainText("Non-Compliant");
    await expect(card(page, "Food Recovery")).toContainText("28.6% of 20.0%");
    await expect(card(page, "Action Items")).toContainText("Divert 12.5 lb more at Kitchen 1");
  }
  for (const title of ["Waste Diversion Metrics", "Food Recovery", "CalRecycle Integration", "Electronic Annual Report (EAR)",
    "Compliance Activity Log", "Action Items"]) {
    await expect(card(page, title)).toBeVisible();
  }
  await expect(card(page, "CalRecycle Integration")).toContainText("not connected");
  await expect(card(page, "Electronic Annual Report (EAR)")).toContainText("EAR export unlocks at 75% diversion and at least 50 waste tickets");
  // 3 tickets: the export stays locked until 50 tickets at the target.
  await expect(card(page, "Electronic Annual Report (EAR)").getByRole("button", { name: "Export" })).toBeDisabled();
  await shot(page, "compliance-dashboard", true);
});

test("a company without tickets sees the empty state", async ({ page }) => {
  await openCompliance(page, world.empty);
  await expect(page.getByText("No compliance data available")).toBeVisible();
  await expect(page.getByText("Create waste tickets to begin SB 1383 tracking")).toBeVisible();
});

test("a core plan is told compliance features are not enabled", async ({ page }) => {
  await openCompliance(page, world.core);
  await expect(page.locator("#main").getByText(/Compliance Features Not Enabled/)).toBeVisible();
});
