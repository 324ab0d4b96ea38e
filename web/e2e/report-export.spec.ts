import { readFileSync } from "node:fs";
import { expect, test } from "./harness";
import { expectMailedPdf } from "./support";
import { auth, newTenant, type Tenant } from "./ticket-support";

// Report PDFs made by the server: the Basic Report generator's Export PDF downloads
// basic_report_{date}.pdf, and the EMAIL buttons of the Basic and ESG Impact reports mail it (over
// SMTP to the loopback server of tests/e2e/test_browser.py, the PDF attached and checked by content).
// A fresh trial company (pro features) with an unrefreshed warehouse: a valid, empty report.
// Reports are mailed only to the company's users and the recipients a manager put on an e-mail
// alert (issue 31): the manager lists the addresses these tests mail to first.
test.describe.configure({ mode: "serial" });

let tenant: Tenant;

const basicAddress = () => `basic-${tenant.tag}@example.com`;
const esgAddress = () => `esg-${tenant.tag}@example.com`;

test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "reports");
  const alert = await request.post("/api/email-alerts", {
    headers: auth(tenant.adminToken),
    data: { name: "Report mail", report_type: "ticket-report", schedule: "weekly", weekly_day: "monday", recipients: `${basicAddress()}, ${esgAddress()}` },
  });
  expect(alert.ok(), await alert.text()).toBeTruthy();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
});

test("Export PDF downloads the report the server built, named basic_report_{date}.pdf", async ({ page }) => {
  await page.goto("/app/basic-report");
  await page.getByRole("tab", { name: "Report Generator" }).click();
  await page.getByRole("button", { name: "Generate Report" }).click();
  const exportButton = page.getByRole("button", { name: "Export PDF" });
  await expect(exportButton).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^basic_report_\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe("%PDF-");
  await expect(page.getByRole("button", { name: "Export PDF" })).toBeEnabled();
  await expect(page.getByText("Export failed. Please try again.")).toHaveCount(0);
});

test("EMAIL on the Basic Report summary checks the address, then mails the PDF", async ({ page }) => {
  const address = basicAddress();
  const outsider = `outsider-${tenant.tag}@example.com`;
  await page.goto("/app/basic-report");
  await expect(page.getByText("Basic environmental impact")).toBeVisible();
  await page.getByRole("button", { name: "EMAIL" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Basic Report" });
  await dialog.getByLabel("Email address").fill("no-at-sign.example.com");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  // An address that is neither a company user nor an alert recipient is refused, and named.
  await dialog.getByLabel("Email address").fill(outsider);
  await dialog.getByRole("button", { name: "Send" }).click();
  const refusal = dialog.getByText(/^Failed to send email: /);
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(`${outsider} is not one of this company's users or e-mail alert recipients`);
  await dialog.getByLabel("Email address").fill(address);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Basic Report sent to ${address}` }).first()).toBeVisible();
  await expectMailedPdf(address, /sent you the Basic Report/, /^basic_report_\d{4}-\d{2}-\d{2}\.pdf$/);
});

test("EMAIL on the ESG Impact Report mails its PDF", async ({ page }) => {
  const address = esgAddress();
  await page.goto("/app/esg-impact");
  await expect(page.getByRole("heading", { name: "Environmental Impact" })).toBeVisible();
  await page.getByRole("button", { name: "EMAIL" }).click();
  const dialog = page.getByRole("dialog", { name: "Email ESG Impact Report" });
  await dialog.getByLabel("Email address").fill(address);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: `ESG Impact Report sent to ${address}` }).first()).toBeVisible();
  await expectMailedPdf(address, /sent you the ESG Impact Report/, /_report_\d{4}-\d{2}-\d{2}\.pdf$/);
});
