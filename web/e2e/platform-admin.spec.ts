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
  await page.getByLabel("Search customers").fill(company); // the table pages: find the company, wherever it sits
  await expect(page.getByRole("cell", { name: company })).toBeVisible();
  await shot(page, "20-platform-dashboard");
  await page.getByRole("tab", { name: /Account Approvals/ }).click();
  await expect(page.getByText("Recent (30d)")).toBeVisible();
  await page.getByRole("tab", { name: "System Settings" }).click();
  await expect(page.getByText("Require Manual Account Approval")).toBeVisible();
  await shot(page, "21-platform-settings");
});

test("the dashboard's tenant table pages through every match, its position, sort and search in the URL", async ({ page, request }) => {
  test.setTimeout(120_000);
  // 26 tenants of one name: a page of 25 and one more (issue 30.3).
  const prefix = `Pager ${tag}`;
  for (let n = 1; n <= 26; n++) {
    const two = String(n).padStart(2, "0");
    const res = await request.post("/api/auth/signup", {
      data: {
        company_name: `${prefix} ${two}`, admin_email: `pager-${tag}-${two}@example.com`, admin_password: "Pager-pass-1",
        admin_first_name: "Pia", admin_last_name: "Pager", address: "2 Pier Rd, Seattle, WA 98101",
        city: "Seattle", state: "WA", zip_code: "98101", industry: "Food Service", subscription_plan: "pro", account_type: "trial",
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.getByLabel("Search customers").fill(prefix);
  await expect(page).toHaveURL(/search=Pager/, { timeout: 5_000 });
  // The Customer Alerts card has a pager of its own: this is the table's.
  const pager = page.getByRole("navigation", { name: "Pages of customers", exact: true });
  const range = pager.getByTestId("page-range");
  await pager.getByTestId("page-size").selectOption("25");
  await expect(range).toHaveText("1–25 of 26", { timeout: 10_000 });
  await expect(page.locator("tbody tr").first()).toContainText(`${prefix} 01`);
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(range).toHaveText("26–26 of 26", { timeout: 10_000 });
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr").first()).toContainText(`${prefix} 26`);
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await page.reload(); // the page, its size and the search come back from the URL
  await expect(range).toHaveText("26–26 of 26", { timeout: 15_000 });
  await expect(page.getByLabel("Search customers")).toHaveValue(prefix);
  await page.goBack();
  await expect(range).toHaveText("1–25 of 26", { timeout: 10_000 });
  // The API sorts: newest name first, and the sort is kept on the next page.
  await page.getByRole("button", { name: "Company", exact: true }).click();
  await expect(page).toHaveURL(/order=desc/, { timeout: 5_000 });
  await expect(page.locator("tbody tr").first()).toContainText(`${prefix} 26`, { timeout: 10_000 });
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page.locator("tbody tr").first()).toContainText(`${prefix} 01`, { timeout: 10_000 });
  await expect(page).toHaveURL(/sort=name.*order=desc|order=desc.*sort=name/);
  await expect(page.getByText("Total Customers")).toBeVisible(); // the cards count every tenant, not the page
  await signOut(page);
});

test("the platform admin suspends and reactivates a customer", async ({ page }) => {
  await signIn(page, email, password);
  await page.getByTestId("side-menu").getByRole("link", { name: "System Customers (Companies)" }).click();
  await expect(page).toHaveURL(/\/app\/system-customers$/);
  await page.getByLabel("Search companies").fill(company); // the list pages: find the company, wherever it sits
  await expect(page).toHaveURL(/search=/);
  // The list shows the page before the search until the search's answer arrives; clicking in
  // between can land on a row that moves under the pointer. Wait for the answer: one company.
  await expect(page.locator("tbody tr")).toHaveCount(1);
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
