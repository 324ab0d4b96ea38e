import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test, type Download, type Locator, type Page } from "./harness";
import { shot, signIn } from "./support";

// A compliance officer's year against real published marts: the companies and tickets of
// tests/e2e/analytics_world.py (one real warehouse refresh before the specs).
// "Compliance Kitchens" (pro) has every month of one fixed year (COMPLIANCE_YEAR), so these
// figures hold on any day the spec runs. Each month Kitchen 1 composts 3 x 100 lb and
// landfills 50 lb; Kitchen 2 donates 40 lb to Food Donation and landfills 60 lb. Every ticket is
// Food Scraps or Food Waste, organic waste (docs/figures.md), so the SB 1383 figures count them all.
// A year: 72 tickets, 5,400 lb, 4,080 lb diverted = 75.6 % organic diversion rate against the
// company's target (none set: 75 %) (compliant, EAR export allowed: at least 50 organic tickets),
// Kitchen 1 3,600 / 4,200 = 85.7 %, Kitchen 2 480 / 1,200 = 40.0 % (420 lb short of 75 %),
// food recovery 480 / 5,400 = 8.9 %.
// Carbon (EPA WARM v15 seed, landfill +0.55, compost -0.13, donation 0.00 MTCO2e per short ton):
// 36 composted loads of 0.05 t x 0.68 = 1.224, 12 donations of 0.02 t x 0.55 = 0.132: 1.36 MT.

type World = { password: string; manager: string; empty: string; core: string; compliance: string; compliance_year: number; donation_destination: string };
const world: World = JSON.parse(process.env.E2E_ANALYTICS ?? "null");
const ROOT = resolve(process.cwd(), "..");
const PYTHON = process.env.FLOW_PYTHON ?? join(ROOT, ".venv", "bin", "python");
const FIXTURE = join(ROOT, "web", "e2e", "fixtures", "compliance.py");
const fixture = (...args: string[]) =>
  execFileSync(PYTHON, [FIXTURE, ...args], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 120_000 }).trim();

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

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string; text: () => string }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = (await file.path())!;
  return { name: file.suggestedFilename(), path, text: () => readFileSync(path, "utf8") };
}

const sum = (values: unknown[]) => Math.round(values.reduce<number>((s, v) => s + Number(v), 0) * 10) / 10;

test("a manager sees where each location stands against SB 1383", async ({ page }) => {
  await openCompliance(page, world.compliance);
  await expect(page.getByTestId("last-refreshed")).toHaveText(/^Figures as of ([A-Z][a-z]{2} \d{1,2}(, \d{4})?, )?\d{1,2}:\d{2}\s[AP]M/);
  await expect(page.getByRole("combobox", { name: "Year" })).toHaveValue(String(world.compliance_year));
  await expect(stat(page, "Organic diversion rate")).toHaveText("75.6%");
  await expect(stat(page, "Tickets analyzed")).toHaveText("72");
  await expect(stat(page, "Compliance status")).toHaveText("Compliant");
  const rows = card(page, "Location Compliance Status").getByRole("row");
  await expect(rows.filter({ hasText: "Kitchen 1" })).toContainText("85.7%");
  await expect(rows.filter({ hasText: "Kitchen 2" })).toContainText("40.0%");
  await expect(rows.filter({ hasText: "Kitchen 2" })).toContainText("Non-Compliant");
  await expect(card(page, "Food Recovery")).toContainText("8.9% of 20.0%");
  await expect(card(page, "Action Items")).toContainText("Divert 420.0 lb more at Kitchen 2");
  for (const title of ["Waste Diversion Metrics", "Food Recovery", "CalRecycle Integration", "Electronic Annual Report (EAR)",
    "Compliance Activity Log", "Action Items", "Edible Food Recovery Records"]) {
    await expect(card(page, title)).toBeVisible();
  }
  await expect(card(page, "CalRecycle Integration")).toContainText("not connected");
  await expect(card(page, "Electronic Annual Report (EAR)").getByRole("button", { name: "Export" })).toBeEnabled();
  // The PRO overview: the tools open in a new tab; pro is offered Enterprise at the price list's terms.
  const overview = page.getByRole("region", { name: "Waste compliance overview" });
  await expect(overview.getByRole("link", { name: "EAR Preparation Tool" })).toHaveAttribute("target", "_blank");
  await expect(overview.getByRole("link", { name: "EAR Preparation Tool" })).toHaveAttribute("href", "/compliance/tools/ear-preparation");
  await expect(card(page, "Upgrade to Enterprise")).toContainText("$150 per location / month, unlimited users included");
  await expect(page.getByRole("heading", { name: "Upgrade to PRO" })).toHaveCount(0);
  await shot(page, "compliance-dashboard", true);
});

test("the manager finds each location's edible food generator tier from the questionnaire", async ({ page }) => {
  await openCompliance(page, world.compliance);
  const tiers = card(page, "Edible Food Generator Tiers");
  const row = tiers.getByRole("row").filter({ hasText: "Kitchen 2" });
  await expect(row).toContainText("Not answered");
  await row.getByRole("button", { name: "Answer questions" }).click();
  const dialog = page.getByRole("dialog", { name: "Edible food generator tier: Kitchen 2" });
  await dialog.getByLabel("Business type").selectOption({ label: "Restaurant" });
  await dialog.getByLabel("Total facility size (sq ft)").fill("4000");
  await dialog.getByRole("button", { name: "Save Answers" }).click();
  await expect(dialog.getByText("seats: a restaurant's tier depends on its seats")).toBeVisible();
  await dialog.getByLabel("Seats").fill("300");
  await dialog.getByRole("button", { name: "Save Answers" }).click();
  const outcome = dialog.getByRole("status", { name: "Tier outcome" });
  await expect(outcome).toContainText("Tier 2");
  await expect(outcome).toContainText("A restaurant with 250 or more seats is a Tier 2 commercial edible food generator.");
  await expect(outcome).toContainText("14 CCR 18982");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(row).toContainText("Tier 2");
  await expect(tiers).toContainText("Kitchen 2 is a Tier 2 commercial edible food generator with no food recovery agreement on file");
  await expect(card(page, "Action Items")).toContainText("Put a food recovery agreement on file for Kitchen 2");
  await expect(card(page, "Compliance Activity Log")).toContainText("Kitchen 2: Tier 2");
});

test("the manager exports the EAR files and reads the same figures in each", async ({ page }) => {
  await openCompliance(page, world.compliance);
  const ear = card(page, "Electronic Annual Report (EAR)");
  const exportAs = (format: string) => download(page, async () => {
    await ear.getByRole("combobox", { name: "Format" }).selectOption(format);
    await ear.getByRole("button", { name: "Export" }).click();
  });
  const year = world.compliance_year;

  const json = await exportAs("json");
  expect(json.name).toBe(`ear_report_${year}.json`);
  const report = JSON.parse(json.text()).ear_report;
  expect(report.reporting_year).toBe(year);
  expect(report.reporting_due_date).toBe(`${year + 1}-08-01`);
  expect(report.summary).toMatchObject({ compliance_status: "compliant", diversion_rate: 75.6, ticket_count: 72, total_organic_waste: 5400 });
  expect(sum(report.lines.map((l: { net_weight_lb: number }) => l.net_weight_lb))).toBe(5400);
  await expect(page.getByText("EAR Report exported successfully!")).toBeVisible();

  const csv = await exportAs("csv");
  expect(csv.name).toBe(`ear_report_${year}.csv`);
  const [header, ...lines] = csv.text().replace(/^\uFEFF/, "").trim().split("\r\n").map((l) => l.split(","));
  expect(header).toEqual(["Year", "Month", "Location", "Material", "Waste Type", "Destination", "Management Path", "Diversion", "Tickets", "Weight (lbs)", "Weight (tons)"]);
  expect(new Set(lines.map((l) => l[1])).size).toBe(12);
  expect(sum(lines.map((l) => l[9]))).toBe(5400);
  expect(sum(lines.map((l) => l[8]))).toBe(72);

  const xlsx = await exportAs("xlsx");
  expect(xlsx.name).toBe(`ear_report_${year}.xlsx`);
  const book: Record<string, unknown[][]> = JSON.parse(fixture("xlsx", xlsx.path));
  expect(book.Lines[0]).toEqual(header);
  expect(sum(book.Lines.slice(1).map((r) => r[9]))).toBe(5400);
  expect(book.Summary.find((r) => r[0] === "diversion rate")?.[1]).toBe(75.6);

  const pdf = await exportAs("pdf");
  expect(pdf.name).toBe(`ear_report_${year}.pdf`);
  const text = fixture("pdf-text", pdf.path);
  expect(text).toContain(`SB 1383 EAR ${year}`);
  expect(text).toContain("75.6%");

  await page.reload();
  await expect(card(page, "Compliance Activity Log")).toContainText(`EAR report for ${year} exported as PDF`);
  // The overview's EAR preparation tool route opens the EAR Report screen.
  await page.goto("/compliance/tools/ear-preparation");
  await expect(page).toHaveURL(/\/app\/ear$/);
  await expect(page.getByRole("heading", { name: "Electronic Annual Report (EAR)", level: 2 })).toBeVisible();
  await expect(page.getByText("Eligible for submission")).toBeVisible();
});

test("the manager adds a food recovery partner with its agreement and gets the inspector's records", async ({ page }) => {
  await openCompliance(page, world.compliance);
  const records = card(page, "Edible Food Recovery Records");
  await records.getByRole("button", { name: "Add Partner" }).click();
  const add = page.getByRole("dialog", { name: "Add Food Recovery Partner" });
  await add.getByLabel("Name").fill("Sunrise Food Bank");
  await add.getByLabel("Address").fill("12 Harbor Way, Oakland, CA 94607");
  await add.getByLabel("Contact").fill("Dana Ortiz, (510) 555-0142");
  await add.getByLabel("Types of food").fill("Prepared meals, produce");
  await add.getByLabel("Collection frequency").fill("Weekly (Mon)");
  await add.getByLabel("Donation destination").selectOption({ label: world.donation_destination });
  await add.getByRole("button", { name: "Save Partner" }).click();
  await expect(add).toBeHidden();
  const row = records.getByRole("row").filter({ hasText: "Sunrise Food Bank" });
  await expect(row).toContainText("No agreement");
  await expect(records).toContainText("Sunrise Food Bank: no contract or written agreement on file.");

  await row.getByRole("button", { name: "Upload Agreement" }).click();
  const upload = page.getByRole("dialog", { name: "Agreement with Sunrise Food Bank" });
  await upload.getByLabel("Agreement file").setInputFiles({ name: "sunrise-agreement.pdf", mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") });
  await upload.getByLabel("Start date").fill(`${world.compliance_year}-01-01`);
  await upload.getByLabel("End date").fill("2099-12-31");
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(upload).toBeHidden();
  await expect(row).toContainText("Agreement on file");
  await expect(row).toContainText("sunrise-agreement.pdf");
  await expect(records).not.toContainText("Sunrise Food Bank: no contract");
  await expect(card(page, "Edible Food Generator Tiers")).not.toContainText("no food recovery agreement on file");

  // The partner's pounds come from the warehouse: one refresh (the sensor's job), then the records.
  fixture("refresh");
  await page.reload();
  const file = await download(page, () => card(page, "Edible Food Recovery Records").getByRole("button", { name: "Export Records (CSV)" }).click());
  expect(file.name).toBe(`food_recovery_records_${world.compliance_year}.csv`);
  const mine = file.text().split("\r\n").filter((l) => l.startsWith("Sunrise Food Bank,"));
  expect(mine).toHaveLength(12);
  expect(mine.every((l) => l.includes(",yes,") && l.endsWith(",1,40.0"))).toBe(true);
  await expect(card(page, "Compliance Activity Log")).toContainText("Food recovery partner Sunrise Food Bank added");
});

test("the manager reads carbon estimates whose factors name their source", async ({ page }) => {
  await signIn(page, world.compliance, world.password);
  await expect(page).toHaveURL(/\/app\//);
  await page.goto("/app/carbon-credits");
  await expect(page.getByRole("heading", { name: "Carbon Credits", level: 2 })).toBeVisible();
  await expect(stat(page, "Total credits")).toHaveText("1.36 MT");
  await expect(stat(page, "Pending")).toHaveText("1.36 MT");
  await expect(card(page, "Methodology").first()).toContainText("EPA WARM v15");
  await expect(card(page, "Methodology").first()).toContainText("never a credit");
  await expect(card(page, "Recent Entries")).toContainText("Kitchen 2");
  await shot(page, "carbon-credits", true);
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
