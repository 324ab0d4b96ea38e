import { expect, test, type Locator, type Page } from "./harness";
import { shot, signIn } from "./support";

// The analytics screens against real published marts: tests/e2e/analytics_world.py makes the
// companies, weighs the tickets below and runs one real warehouse refresh before this spec.
//
// "Analytics Kitchens" (enterprise, Los Angeles time), company-local days D6, D5, D3, D2 back:
//   D6 Kitchen 1  Food Scraps  Compost    net 100.0  tare 10.0  outbound
//   D5 Kitchen 1  Food Waste   Landfill   net  50.0  tare  7.8  outbound
//   D3 Kitchen 2  Food Waste   Food Bank  net  60.0  23:30 local (next day in UTC)  outbound
//   D2 Kitchen 2  Food Scraps  Compost    net 200.0  inbound
//   D2 Kitchen 1  Compost 999.0 void (never counts)
// Dashboards count outbound: 210 lb, 160 lb diverted (100 compost + 60 donated), 160/210 = 76.2 %.
// Reports count both directions: 4 tickets, 410 lb net, 17.8 lb containers, 427.8 lb gross; their
// diversion and impact figures count outbound only (docs/figures.md: one definition per figure).
// CO2e avoided (EPA GHG Hub Table 9, landfill minus the path taken, food waste 0.68 t/short ton):
//   compost 100 / 2000 x (0.68 - 0.11) t = 28.5 kg; donation 60 / 2000 x (0.68 - 0) t = 20.4 kg;
//   48.9 kg = 48.9 / 0.45359237 = 107.81 lb. Cost savings: 0.12 USD x 160 diverted lb = $19.20.

type World = { password: string; manager: string; empty: string; core: string; today: string; days: string[]; same_month: boolean };
const world: World = JSON.parse(process.env.E2E_ANALYTICS ?? "null");
const [D6, , D3] = world?.days ?? [];

test.describe.configure({ mode: "serial" });
test.beforeAll(() => {
  expect(world, "E2E_ANALYTICS comes from tests/e2e/test_browser.py (analytics_world.build)").toBeTruthy();
});

function stat(page: Page, label: string): Locator {
  const exact = new RegExp(`^${label.replace(/[()$.+]/g, "\\$&")}$`);
  return page.locator(".stat-card").filter({ has: page.locator(".stat-label", { hasText: exact }) }).locator(".stat-value");
}

function card(page: Page, title: string): Locator {
  return page.locator("section.card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

async function expectStats(page: Page, expected: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(expected)) await expect(stat(page, label), label).toHaveText(value);
}

/** Every screen says when its figures were published, in the company's zone (the refresh ran before this spec). */
async function expectRefreshed(page: Page): Promise<void> {
  await expect(page.getByTestId("last-refreshed").first()).toHaveText(/^Figures as of ([A-Z][a-z]{2} \d{1,2}(, \d{4})?, )?\d{1,2}:\d{2}\s[AP]M/);
}

/** A table shows all its columns without sideways scrolling. */
async function expectWhole(scroller: Locator): Promise<void> {
  const hidden = await scroller.evaluate((e) => e.scrollWidth - e.clientWidth);
  expect(hidden, "columns cut off").toBeLessThanOrEqual(0);
}

function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function open(page: Page, tab: string, heading: string): Promise<void> {
  await page.goto(`/app/${tab}`);
  await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
}

async function signInAs(page: Page, email: string): Promise<void> {
  await signIn(page, email, world.password);
  await expect(page).toHaveURL(/\/app\//);
}

test.describe("the manager of a company with tickets", () => {
  test.beforeEach(async ({ page }) => signInAs(page, world.manager));

  test("Main Dashboard shows the month's outbound totals and weight-based diversion", async ({ page }) => {
    await open(page, "dashboard", "Main Dashboard");
    // The default range is the company's last 30 days, today included.
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(shiftDay(world.today, -29));
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(world.today);
    await expectRefreshed(page);
    await expectStats(page, {
      "Total tickets": "3",
      "Total weight": "210 lb",
      Diverted: "160 lb",
      "CO2e avoided": "48.9 kg", // EPA factors: 28.5 kg composted + 20.4 kg donated
      "Meals recovered": "50", // 60 donated lb / 1.2
      "Cost savings": "$19.20", // 0.12 USD x 160 diverted lb
    });
    const hints = page.locator(".stat-card .muted");
    await expect(hints).toContainText(["0.1 per day", "7 lb per day", "Diversion rate 76.2%", "EPA GHG Hub factors, diverted lb",
      "Donated lb / 1.2", "0.12 USD per diverted lb"]);
    await expect(card(page, "Waste reduction progress").locator(".recharts-surface").first()).toBeVisible();
    await expect(card(page, "Top waste sources")).toContainText("Food Waste");
    await expect(card(page, "By location")).toContainText("Kitchen 2");
    await shot(page, "analytics-dashboard", true);

    // A range before the first ticket holds nothing: zeros and the empty state.
    await page.getByLabel("To", { exact: true }).fill(shiftDay(D6, -1));
    await expect(stat(page, "Total tickets")).toHaveText("0");
    await expect(page.getByRole("heading", { name: "No tickets in this period" })).toBeVisible();
  });

  test("ESG Dashboard converts CO2e avoided by spec 2 s2.5 and colours the diversion bar at 75%", async ({ page }) => {
    await open(page, "esg", "ESG Dashboard PRO+ Feature");
    await expectRefreshed(page);
    // CO2e avoided 48.9 kg = 107.81 lb; trees 107.81 / 8.89 = 12.13, car days / 4.6 = 23.44, kWh x 0.85 = 91.64.
    await expectStats(page, {
      "CO2e avoided": "107.8 lb",
      "Meals recovered": "50",
      "Cost savings": "$19.20",
      "Total tickets": "3",
      "Trees planted (equivalent)": "12.1",
      "Car days off the road": "23.4",
      "Energy (kWh equivalent)": "91.6",
    });
    await expect(stat(page, "CO2e avoided").locator("xpath=..")).toContainText("48.9 kg");
    const bar = page.getByRole("meter", { name: "Diversion rate" });
    const fill = bar.locator(".diversion-bar-fill");
    await expect(bar).toHaveAttribute("aria-valuenow", "76.2");
    await expect(bar).toContainText("76.2%");
    await expect(fill).toHaveClass(/diversion-bar-good/);
    await expect(card(page, "California SB 1383")).toContainText("At or above the company's 75% diversion target.");
    await expect(card(page, "Top waste sources")).toContainText("Food Waste: 110 lb (52.4%)");
    await expect(card(page, "Top waste sources")).toContainText("Food Scraps: 100 lb (47.6%)");
    await shot(page, "analytics-esg", true);

    // Kitchen 1 alone: 100 of 150 lb diverted, 66.7 %, below target: yellow.
    const location = page.getByLabel("Location");
    await location.selectOption({ label: "Kitchen 1" });
    await expect(bar).toHaveAttribute("aria-valuenow", "66.7");
    await expect(fill).toHaveClass(/diversion-bar-warn/);
    await expect(card(page, "California SB 1383")).toContainText("Below the company's 75% diversion target.");
    // Kitchen 2 alone: all 60 lb donated, 100 %: green, and the bar is full, never wider.
    await location.selectOption({ label: "Kitchen 2" });
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect(fill).toHaveClass(/diversion-bar-good/);
    await expect(fill).toHaveAttribute("style", /width: 100%/);
    const [fillWidth, barWidth] = await Promise.all([fill.evaluate((e) => e.getBoundingClientRect().width), bar.evaluate((e) => e.getBoundingClientRect().width)]);
    expect(fillWidth).toBeLessThanOrEqual(barWidth);
  });

  test("Basic Report summary and the generator with filters", async ({ page }) => {
    await open(page, "basic-report", "Basic Report");
    await expectRefreshed(page);
    await expectStats(page, {
      "Total tickets": "4",
      "Net weight": "410 lb",
      "Gross weight": "427.8 lb",
      "Container weight": "17.8 lb",
      "CO2e avoided": "48.9 kg", // outbound only: the 200 lb inbound load is not the company's diversion
      "Potential meals recovered": "50",
      "Cost savings": "$19.20", // 0.12 x 160 diverted outbound lb
    });
    await expect(page.getByText(/^Upgrade to (PRO|ENTERPRISE)/)).toHaveCount(0); // enterprise: no upgrade note
    await shot(page, "analytics-basic-report", true);

    await page.getByRole("tab", { name: "Report Generator" }).click();
    await expect(page.getByText("Choose filters and generate a report.")).toBeVisible();
    await page.getByRole("button", { name: "Filters" }).click();
    // D6 to D3 in the company's days: the 23:30 donation on D3 is in, though it is D3+1 in UTC.
    await page.getByLabel("From", { exact: true }).fill(D6);
    await page.getByLabel("To", { exact: true }).fill(D3);
    await page.getByLabel("Ticket type").selectOption("outbound");
    await page.getByRole("button", { name: "Generate Report" }).click();
    await expectRefreshed(page);
    await expectStats(page, { Tickets: "3", "Net weight": "210 lb", "Average per ticket": "70 lb", "Diversion rate": "76.2%" });
    const rows = card(page, "Tickets").locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: "Food Bank" })).toContainText("Kitchen 2");
    await expect(page.getByRole("button", { name: "Export PDF" })).toBeEnabled();

    // Chosen from the company's waste types (the server also matches names in any case).
    await page.getByLabel("Waste type").selectOption("Food Waste");
    await page.getByRole("button", { name: "Generate Report" }).click();
    // 50 lb landfill + 60 lb donated: 60 / 110 = 54.5 %.
    await expectStats(page, { Tickets: "2", "Net weight": "110 lb", "Average per ticket": "55 lb", "Diversion rate": "54.5%" });
    await expect(rows).toHaveCount(2);
    await expect(card(page, "By destination")).toContainText("Landfill");
    await shot(page, "analytics-basic-report-generator", true);
  });

  test("ESG Impact Report sections from EPA factors", async ({ page }) => {
    await open(page, "esg-impact", "ESG Impact Report");
    // The period in the browser's date format (e.g. 10/24/2026), the company's calendar days.
    const asDate = (day: string) => page.evaluate((d) => new Date(`${d}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: "UTC" }), day);
    await expect(page.getByRole("heading", { name: `${await asDate(shiftDay(world.today, -29))} to ${await asDate(world.today)}` })).toBeVisible();
    await expectRefreshed(page);
    await expectStats(page, {
      Tickets: "3",
      "Net weight": "210 lb",
      Facilities: "2",
      "Diversion rate": "76.2%",
      "CO2e avoided": "48.9 kg", // 100 lb composted x 0.57 t/ton + 60 lb donated x 0.68 t/ton
      "Methane prevented": "1.8 kg", // 48.9 / 27 (GWP of methane)
      "Cars off the road (a year)": "0.01",
      "Meals recovered": "50",
      "Landfill diverted": "0.08 short tons", // 160 / 2000
      "Water saved": "Not estimated",
      "People fed per day": "0.6", // 50 meals / 3 / 30 days
      "Cost savings": "$19.20", // 0.12 x 160 diverted lb
      "Total economic impact": "$19.20",
    });
    for (const section of ["Environmental Impact", "Food Recovery Impact", "Economic Impact", "SB 1383 Compliance"]) {
      await expect(card(page, section)).toBeVisible();
    }
    await expect(card(page, "SB 1383 Compliance")).toContainText("Meets the company's 75% diversion target (76.2%, 160 lb diverted).");
    if (world.same_month) await expect(card(page, "SB 1383 Compliance")).toContainText("This month: target met.");
    await shot(page, "analytics-esg-impact", true);
  });

  test("Cost Analysis cards, savings by location and projections", async ({ page }) => {
    await open(page, "cost-analysis", "Cost Analysis Dashboard");
    await expectRefreshed(page);
    await expectStats(page, {
      "Cost savings": "$19.20", // 0.12 x 160 diverted lb
      ROI: "12.8%", // 19.20 / 150 x 100
      "Monthly disposal cost": "$16.80", // 0.08 x 210 lb
      "Cost per lb": "$0.08",
    });
    const locations = card(page, "Savings by location").locator("tbody tr");
    await expect(locations).toHaveCount(2);
    await expect(locations.nth(0)).toContainText("Kitchen 1");
    await expect(locations.nth(0)).toContainText("$12.00");
    await expect(locations.nth(1)).toContainText("$7.20");
    await expectWhole(card(page, "Savings by location").locator(".table-scroll"));
    await expect(card(page, "Financial projections")).toContainText("Monthly $23.04 · Annual $276.48 · Payback 8 years");
    await expect(card(page, "Performance summary")).toContainText("210 lb weighed, 160 lb diverted (76.2%) over 3 tickets.");
    await shot(page, "analytics-cost-analysis", true);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the dashboard fits the screen", async ({ page }) => {
    await signInAs(page, world.manager);
    await open(page, "dashboard", "Main Dashboard");
    await expect(stat(page, "Total weight")).toHaveText("210 lb");
    await expect(card(page, "Waste reduction progress").locator(".recharts-surface").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "no sideways scrolling on a phone").toBeLessThanOrEqual(0);
    await shot(page, "analytics-dashboard-phone", true);
  });
});

/** Every figure on a screen of an empty company is a zero (or says it is not estimated). */
async function expectOnlyZeros(page: Page): Promise<void> {
  const values = await page.locator(".stat-card .stat-value").allTextContents();
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) expect(value).toMatch(/^(\$0\.00|0(\.0+)?( lb| kg| short tons)?%?|Not estimated)$/);
}

test("a company without tickets sees the empty states and only zeros", async ({ page }) => {
  await signInAs(page, world.empty);
  await open(page, "dashboard", "Main Dashboard");
  await expectRefreshed(page);
  await expect(page.getByRole("heading", { name: "No tickets in this period" })).toBeVisible();
  await expectOnlyZeros(page);
  await shot(page, "analytics-empty-dashboard", true);

  await open(page, "esg", "ESG Dashboard PRO+ Feature");
  await expect(page.getByRole("heading", { name: "No waste source data available yet" })).toBeVisible();
  await expectOnlyZeros(page);
  await expect(page.getByRole("meter", { name: "Diversion rate" })).toHaveAttribute("aria-valuenow", "0");
  await expect(page.locator(".diversion-bar-fill")).toHaveClass(/diversion-bar-warn/);

  await open(page, "basic-report", "Basic Report");
  await expect(stat(page, "Total tickets")).toHaveText("0");
  await expectOnlyZeros(page);
  await expect(page.getByText("Upgrade to ENTERPRISE for automated submission and multi-jurisdiction management.")).toBeVisible();

  await open(page, "esg-impact", "ESG Impact Report");
  await expect(stat(page, "Tickets")).toHaveText("0");
  await expectOnlyZeros(page);

  await open(page, "cost-analysis", "Cost Analysis Dashboard");
  await expect(page.getByRole("heading", { name: "No tickets in this period" })).toBeVisible();
  await expectOnlyZeros(page);
  await shot(page, "analytics-empty-cost-analysis", true);
});

test("a core company sees the PRO+ gate on the ESG Dashboard", async ({ page }) => {
  await signInAs(page, world.core);
  await open(page, "esg", "ESG Dashboard PRO+ Feature");
  await expect(page.getByRole("heading", { name: "The ESG Dashboard is a PRO+ feature" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to PRO" })).toHaveAttribute("href", "/app/subscription");
  await expect(page.locator(".stat-card")).toHaveCount(0);
  await shot(page, "analytics-esg-gate");
});

test.describe("the report generator's tickets", () => {
  test.beforeEach(async ({ page }) => signInAs(page, world.manager));

  test("a waste type from the list, then a ticket row opens its detail with Print", async ({ page }) => {
    await open(page, "basic-report", "Basic Report");
    await page.getByRole("tab", { name: "Report Generator" }).click();
    await page.getByRole("button", { name: "Filters" }).click();
    const wasteType = page.getByLabel("Waste type");
    await expect(wasteType).toHaveValue(""); // All
    await expect(wasteType.locator("option").first()).toHaveText("All");
    await expect(page.getByLabel("Destination").locator("option", { hasText: "Compost" })).toHaveCount(1);
    await wasteType.selectOption({ label: "Food Waste" });
    await page.getByRole("button", { name: "Generate Report" }).click();
    await expectStats(page, { Tickets: "2", "Net weight": "110 lb" });
    // The four breakdowns wrap instead of cutting off their Net lb and % columns.
    for (const title of ["By waste type", "By destination", "By location", "By employee"]) {
      await expect(card(page, title).locator("thead")).toContainText("% of weight");
      await expectWhole(card(page, title).locator(".table-scroll"));
    }

    const rows = card(page, "Tickets").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    const donation = rows.filter({ hasText: "Food Bank" });
    const number = (await donation.getByRole("button").textContent())?.trim() ?? "";
    expect(number).toMatch(/^T-/);
    await donation.getByRole("cell", { name: "Food Bank" }).click();
    const dialog = page.getByRole("dialog", { name: `Ticket ${number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(number);
    await expect(dialog).toContainText("Kitchen 2");
    await expect(dialog.getByRole("button", { name: "Print" })).toBeEnabled();
    await dialog.locator(".modal-header").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
