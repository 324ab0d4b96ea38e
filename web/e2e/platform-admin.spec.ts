import { mkdirSync } from "node:fs";
import { expect, test } from "./harness";
import { screenshotDir, shot, signIn, signOut } from "./support";

// The platform owner's screens on the real API: dashboard, approvals, settings, customers with
// a real suspend and reactivate.
const email = process.env.E2E_SYSADMIN_EMAIL ?? "";
const password = process.env.E2E_SYSADMIN_PASSWORD ?? "";
const tag = Date.now().toString(36);
const company = `Harbor Hospital ${tag}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  mkdirSync(screenshotDir, { recursive: true });
  expect(email, "E2E_SYSADMIN_EMAIL / E2E_SYSADMIN_PASSWORD come from tests/e2e/test_browser.py").toBeTruthy();
  const res = await request.post("/api/auth/signup", {
    data: {
      company_name: company, admin_email: `harbor-${tag}@example.com`, admin_password: "Harbor-pass-1",
      admin_first_name: "Hana", admin_last_name: "Harbor", address: "1 Pier Rd, Seattle, WA 98101",
      city: "Seattle", state: "WA", zip_code: "98101", industry: "Food Service", subscription_plan: "pro", account_type: "trial",
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
});

test("the platform admin sees the dashboard, approvals and settings", async ({ page }) => {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByTestId("role-label")).toHaveText("System Admin");
  await expect(page.getByText("Total Customers")).toBeVisible();
  await expect(page.getByRole("cell", { name: company })).toBeVisible();
  await shot(page, "20-platform-dashboard");
  await page.getByRole("tab", { name: /Account Approvals/ }).click();
  await expect(page.getByText("Recent (30d)")).toBeVisible();
  await page.getByRole("tab", { name: "System Settings" }).click();
  await expect(page.getByText("Require Manual Account Approval")).toBeVisible();
  await shot(page, "21-platform-settings");
});

test("the platform admin suspends and reactivates a customer", async ({ page }) => {
  await signIn(page, email, password);
  await page.getByTestId("side-menu").getByRole("link", { name: "System Customers (Companies)" }).click();
  await expect(page).toHaveURL(/\/app\/system-customers$/);
  await page.getByLabel("Search companies").fill(company); // the list pages: find the company, wherever it sits
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole("row", { name: new RegExp(company) });
  await row.getByRole("button", { name: "View" }).click();
  await expect(page.getByRole("heading", { name: company })).toBeVisible();
  await shot(page, "22-system-customer-detail");
  page.on("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByRole("row", { name: new RegExp(company) })).toContainText("SUSPENDED");
  await page.getByRole("row", { name: new RegExp(company) }).getByRole("button", { name: "View" }).click();
  await page.getByRole("button", { name: "Reactivate" }).click();
  // Reactivating restores the status it had before (a trial stays a trial).
  await expect(page.getByRole("row", { name: new RegExp(company) })).toContainText("TRIAL");
  await signOut(page);
});
