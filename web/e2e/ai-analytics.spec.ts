import { expect, test, type Locator, type Page } from "./harness";
import { shot, signIn } from "./support";

// The AI Analytics report (enterprise) against real published marts: tests/e2e/analytics_world.py
// makes "Vision Kitchens" and runs one real warehouse refresh before this spec. Its tickets, 10 to
// 2 days back, one location: 90, 110, 90, 110, 90, 110, 90, 110 lb, then 500 lb.
//   Outbound: 9 tickets, 1,300 lb on 9 days.
//   Anomaly: the 500 lb day, z = (500 - 100) / 10.69 = 37.42 (8 earlier days, mean 100, sample
//   stddev 10.69), for the location and for the company (one location: the same series).
//   Photos on the four 110 lb tickets and the 500 lb one: 940 / 1,300 = 72.3 % (aim: > 85 %).
//   Scale readings on the same five, the last 110 lb one corrected by hand: 4 of 5 = 80.0 %.
// The server has no AI provider connected: the report says so (in customer words, no setting names)
// and is complete without a narrative.
type World = { password: string; vision: string; vision_anomaly_day: string; core: string };
const world: World = JSON.parse(process.env.E2E_ANALYTICS ?? "null");

test.beforeAll(() => {
  expect(world, "E2E_ANALYTICS comes from tests/e2e/test_browser.py (analytics_world.build)").toBeTruthy();
});

function stat(page: Page, label: string): Locator {
  return page.locator(".stat-card").filter({ has: page.locator(".stat-label", { hasText: new RegExp(`^${label}$`) }) });
}

function card(page: Page, title: string): Locator {
  return page.locator("section.card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test("the enterprise manager reads the AI Analytics report from the marts", async ({ page }) => {
  await signIn(page, world.vision, world.password);
  await expect(page).toHaveURL(/\/app\//);
  await page.goto("/app/ai-analytics");
  await expect(page.getByRole("heading", { name: "AI Analytics Report", level: 2 })).toBeVisible();
  await expect(page.getByTestId("last-refreshed").first()).toHaveText(/^Figures as of ([A-Z][a-z]{2} \d{1,2}(, \d{4})?, )?\d{1,2}:\d{2}\s[AP]M/);

  await expect(stat(page, "Outbound weight").locator(".stat-value")).toHaveText("1,300 lb");
  await expect(stat(page, "Outbound weight")).toContainText("9 tickets on 9 days");
  await expect(stat(page, "Weight with a photo").locator(".stat-value")).toHaveText("72.3%");
  await expect(stat(page, "Weight with a photo")).toContainText("Aim: more than 85%");
  await expect(stat(page, "AI readings accepted").locator(".stat-value")).toHaveText("80.0%");
  await expect(stat(page, "AI readings accepted")).toContainText("4 accepted, 1 corrected by hand of 5");

  // Anomalies: the statistic is named, and the 500 lb day is flagged with its z-score.
  const anomalies = card(page, "Anomalies");
  await expect(anomalies).toContainText("Statistic: z-score of the day's outbound lb against the mean and sample standard deviation");
  const rows = anomalies.getByRole("row").filter({ hasText: world.vision_anomaly_day });
  await expect(rows).toHaveCount(2); // the location and the company
  await expect(rows.first()).toContainText("37.42");
  await expect(rows.first()).toContainText("above usual");
  await expect(rows.filter({ hasText: "All locations" })).toHaveCount(1);

  // Recommendations are written from those figures.
  const recs = page.getByTestId("ai-recommendations");
  await expect(recs).toContainText("Only 72.3% of weighed lb has a photo (aim: more than 85%)");
  await expect(recs).toContainText("20.0% of AI scale readings were corrected by hand");
  await expect(recs).toContainText(`${world.vision_anomaly_day}: all locations weighed 500.0 lb against a usual 100.0 lb (z = 37.42)`);

  // No AI provider on this server: no narrative, and the report says so plainly, naming no setting.
  const summary = card(page, "AI summary");
  await expect(summary.getByRole("note")).toHaveText(
    "No AI provider is connected for this Flow service, so no narrative summary is written. "
    + "Every figure in this report is computed from the warehouse and is complete without it.");
  await expect(summary.getByRole("note")).not.toContainText("FLOW_");
  await expect(page.getByTestId("ai-narrative")).toHaveCount(0);
  await expect(card(page, "Waste per location")).toContainText("1,300");
  await shot(page, "ai-analytics", true);
});

test("a core company does not get the AI Analytics report", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", { data: { email: world.core, password: world.password } });
  const token = (await login.json()).access_token as string;
  const r = await request.get("/api/reports/ai-analytics", { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(403);
  expect((await r.json()).detail).toBe("AI Analytics is an Enterprise feature");
  await page.close();
});
