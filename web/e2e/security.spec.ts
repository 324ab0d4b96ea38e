import { expect, test, type Page } from "./harness";
import { signIn } from "./support";

// The app runs under the Content-Security-Policy the API sends (api/ops/middleware.py):
// no screen may trip it. A violation is caught in the page and reported with what was refused.
const email = process.env.E2E_SYSADMIN_EMAIL ?? "";
const password = process.env.E2E_SYSADMIN_PASSWORD ?? "";

async function watchPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.exposeFunction("reportCspViolation", (line: string) => refused.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation: (s: string) => void }).reportCspViolation(
        `${e.violatedDirective} refused ${e.blockedURI || "inline"} on ${location.pathname}`,
      );
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  return refused;
}

test("public pages and the signed-in app run under the security policy", async ({ page }) => {
  const refused = await watchPolicy(page);
  const res = await page.goto("/");
  const headers = res?.headers() ?? {};
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  await expect(page.locator("#root")).not.toBeEmpty();
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByText("Total Customers")).toBeVisible();
  await page.getByRole("tab", { name: "System Settings" }).click();
  await expect(page.getByText("Require Manual Account Approval")).toBeVisible();
  expect(refused, refused.join("\n")).toEqual([]);
});
