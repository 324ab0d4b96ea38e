import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "./harness";
import { screenshotDir, shot, signIn, signOut, waitForMail } from "./support";

// The visitor's whole journey on the real API and database: landing, trial sign-up through
// every step, the setup wizard, the shell per role, PIN sign-in, password reset, phone drawer.
const tag = Date.now().toString(36);
const admin = { first: "Maya", last: "Green", email: `maya-${tag}@example.com`, password: "Trial-pass-1", company: `Green Fork Kitchens ${tag}` };
const employee = { first: "Eli", last: "Scale", email: `eli-${tag}@example.com`, password: "Employee-pass-1", pin: "2468" };
const newPassword = "Renewed-pass-2";

test.describe.configure({ mode: "serial" });
test.beforeAll(() => mkdirSync(screenshotDir, { recursive: true }));

async function adminToken(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem("token"))) ?? "";
}

test("landing page shows plans from the API, the state explorer and a state page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Weigh it, snap it, prove it." })).toBeVisible();
  await expect(page.getByTestId("plan-core")).toContainText("$49");
  await expect(page.getByTestId("plan-pro")).toContainText("$99");
  await expect(page.getByTestId("plan-enterprise")).toContainText("$150");
  // One price list: the landing shows the API's terms, the same the sign-up, Billing and Plans show.
  await expect(page.getByTestId("terms-pro")).toHaveText("$99 per location / month, up to 20 users included");
  await expect(page.getByTestId("terms-enterprise")).toHaveText("$150 per location / month, unlimited users included");
  await expect(page.locator(".state-card")).toHaveCount(12);
  await expect(page.getByRole("heading", { name: "Start Your Free Trial Today" })).toBeVisible();
  await shot(page, "01-landing");
  await shot(page, "01-landing-full", true);
  await page.getByTestId("state-CA").scrollIntoViewIfNeeded();
  await page.getByTestId("state-CA").click();
  await expect(page).toHaveURL(/\/states\/CA$/);
  await expect(page.getByRole("heading", { name: "California", exact: true })).toBeVisible();
  // The state page opens at its top, not where the map was scrolled to.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByText("2+ cubic yards of solid waste per week", { exact: false })).toBeVisible();
  await shot(page, "02-state-california");
  await page.goto("/states/WA");
  await expect(page.getByText("Not specified").first()).toBeVisible();
  await page.getByRole("link", { name: "← Back to Map" }).click();
  await expect(page).toHaveURL(/\/#states$/);
  // ... and Back to Map returns to the map, not to the top of the landing page.
  await expect(page.getByTestId("state-CA")).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("a trial sign-up goes through every step and lands in the setup wizard", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Start Free Trial" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Get Started" })).toBeVisible();
  await shot(page, "03-signup-account-type");
  await dialog.getByRole("button", { name: /15-Day FREE Trial/ }).click();
  await expect(dialog.getByRole("heading", { name: "Organization Type" })).toBeVisible();
  await dialog.getByRole("radio", { name: /Restaurant/ }).click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("heading", { name: "Find Your Organization" })).toBeVisible();
  await dialog.getByLabel("Organization Name or Address").fill("Green Fork");
  await dialog.getByRole("button", { name: /Enter details manually/ }).click();
  await expect(dialog.getByRole("heading", { name: "Start Your PRO Trial" })).toBeVisible();

  // Every required field says so; whitespace-only counts as empty; editing clears the error.
  await dialog.getByLabel("Organization Name").fill("   ");
  await dialog.getByRole("button", { name: "Start 15-Day PRO Trial" }).click();
  for (const message of ["Organization name is required", "First name is required", "Last name is required", "Email is required",
    "Password is required", "Street address is required", "City is required", "State is required", "ZIP code is required"]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await shot(page, "04-signup-validation");
  await dialog.getByLabel("Organization Name").fill(admin.company);
  await expect(dialog.getByText("Organization name is required")).toHaveCount(0);
  await dialog.getByLabel("First Name").fill(admin.first);
  await dialog.getByLabel("Last Name").fill(admin.last);
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Password").fill("123");
  await dialog.getByRole("button", { name: "Start 15-Day PRO Trial" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByText("Password must be at least 6 characters")).toBeVisible();
  await dialog.getByLabel("Email").fill(admin.email);
  await dialog.getByLabel("Password").fill(admin.password);
  await dialog.getByLabel("Street Address").fill("100 Market St");
  await dialog.getByLabel("City").fill("San Francisco");
  await dialog.getByLabel("State").fill("CA");
  await dialog.getByLabel("ZIP Code").fill("94105");
  await dialog.getByRole("button", { name: "Start 15-Day PRO Trial" }).click();

  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole("heading", { name: "Account Setup" })).toBeVisible();
  await expect(page.getByText(admin.company).first()).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Account Setup" }).getByText("PRO", { exact: true })).toBeVisible();
  await shot(page, "05-wizard-welcome");
});

test("the setup wizard creates the location, invites, saves and finishes on the dashboard", async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  const wizard = page.getByRole("dialog", { name: "Account Setup" });
  await expect(wizard).toBeVisible();
  await wizard.getByRole("button", { name: "Get Started" }).click();
  await wizard.getByRole("button", { name: "Create Location" }).click();
  await expect(wizard.getByText("Location name is required")).toBeVisible();
  await expect(wizard.getByText("Store number is required")).toBeVisible();
  await wizard.getByLabel("Location Name *").fill("Mission Street Kitchen");
  await wizard.getByLabel("Store Number *").fill("001");
  await wizard.getByLabel("City").fill("San Francisco");
  await wizard.getByLabel("State").selectOption("CA");
  await shot(page, "06-wizard-location");
  await wizard.getByRole("button", { name: "Create Location" }).click();
  await expect(wizard.getByRole("heading", { name: /Team Setup/ })).toBeVisible();
  await wizard.getByLabel("First Name").fill("Ana");
  await wizard.getByLabel("Last Name").fill("Prep");
  await wizard.getByLabel("Email").fill(`ana-${tag}@example.com`);
  await wizard.getByRole("button", { name: "Continue" }).click();
  await expect(wizard.getByRole("heading", { name: "Employee Interface" })).toBeVisible();
  await shot(page, "07-wizard-interface");
  await wizard.getByRole("button", { name: "Save & Continue" }).click();
  await expect(wizard.getByRole("heading", { name: "Preferences" })).toBeVisible();
  await wizard.getByRole("button", { name: "Complete Setup" }).click();
  await expect(wizard.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
  await wizard.getByRole("button", { name: "Start Using" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(wizard).toHaveCount(0);

  // The store admin's shell: role label, HOME, the side menu for a pro trial, header.
  await expect(page.getByTestId("role-label")).toHaveText(`Store Manager (${admin.first})`);
  const menu = page.getByTestId("side-menu");
  await expect(menu.getByRole("link", { name: "Main Dashboard" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "ESG Dashboard" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Inbound Operations" })).toHaveCount(0);
  await expect(page.getByText("Facilities: 1/")).toBeVisible();
  await shot(page, "08-dashboard");
  await page.getByRole("button", { name: "HOME" }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText("Plan: PRO")).toBeVisible();
  await shot(page, "09-home-tiles");
  await page.getByRole("button", { name: /Company/ }).click();
  await expect(page.getByRole("link", { name: /Locations/ })).toBeVisible();
  await page.getByRole("button", { name: "← Back to Home" }).click();

  // The employee the PIN test signs in as, made through the API as this admin.
  const token = await adminToken(page);
  const stores = await page.request.get("/api/stores", { headers: { Authorization: `Bearer ${token}` } });
  expect(stores.ok()).toBeTruthy();
  const created = await page.request.post("/api/users", {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: employee.email, password: employee.password, first_name: employee.first, last_name: employee.last, role: "store_employee", pin: employee.pin },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await signOut(page);
});

test("the store admin signs in again and starts on the home tiles", async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole("heading", { name: "Account Setup" })).toHaveCount(0);
  await page.goto("/app/no-such-screen");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto("/app/waste-customers");
  // Deep links work: the shell and its header render for any tab key.
  await expect(page.getByRole("heading", { name: admin.company })).toBeVisible();
  const menu = page.getByTestId("side-menu");
  await menu.getByRole("button", { name: "Company" }).click();
  await menu.getByRole("link", { name: "Users" }).click();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs).toBeVisible();
  await expect(crumbs.getByText("Users")).toBeVisible();
  // Company screen: the logo uploader checks the file and saves it through the API.
  await page.goto("/app/company");
  await expect(page.getByRole("heading", { name: "Company Settings", exact: true })).toBeVisible();
  const logo = page.getByLabel("Logo file");
  await logo.setInputFiles({ name: "logo.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expect(page.getByText("Please upload a valid image file (JPEG, PNG, GIF, or WebP)")).toBeVisible();
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAMgAAABkCAIAAABM5OhcAAACOklEQVR4nO3dQU4CQRBA0cZ4Bb2NXk29msfxFC5IcIJhgGF+d3XVf2tCKqmfYjbA4eXzrUl7exo9gHIyLCEMSwjDEsKwhDAsIQxLCMMSwrCEMCwhDEsIwxLCsIQwLCEMSwjDEsKwhDAsIQxLiOfRA4T28/G9/oLXr/c+k0zn4JcpzlyN6RIjWzKsP5uTWjKvI8Pap6f/ihdW/eEdqgp95ynUvVjdFl/zdBW9WD3PSc3TVTGs/psu2Fa5sEbtuFpbtcIau91SbRUKK8JeI8zQR5Ww4mw0ziSoEmFF22W0eQj5w4q5xZhT7Sh/WBoieViRD0Pk2R6XOaz4m4s/4WaZw9JAhiVE2rBm+ZSZZc57pQ1LY+UMa64zMNe0N8oZloYzLCEMS4iEYc34yDLjzOsShqUIDEsIwxLCsIQwLCEMSwjDEsKwhDAsIQxLiIRhzfizQTPOvC5hWIrAsIQwLCFyhjXXI8tc094oZ1gaLm1Ys5yBWea8V9qwNJZhCZE5rPifMvEn3CxzWC325iLP9rjkYWmU/GHFPAwxp9pR/rBavC1Gm4dQIqwWaZdxJkFVCavF2GiEGfooFFYbvdc6VbVqYbVx2y1VVSsYVhux42pVtZphtb6bLlhVq/zXvUfo7wfVTOqo6MU64XZfuarmxVra5XoV7+nEsM5tzsuklgxrzdXIjOkSwxKi+sO7IIYlhGEJYVhCGJYQhiWEYQlhWEIYlhCGJYRhCWFYQhiWEIYlhGEJYVhCGJYQhiXEL3+sd/VAlQWnAAAAAElFTkSuQmCC", "base64");
  await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await expect(page.getByLabel("Company logo preview").getByRole("img", { name: "Company logo" })).toBeVisible();
  await expect(page.getByTestId("company-logo")).toBeVisible();
  await shot(page, "15-company-logo");
  // Admin Settings: one toggle saves one field and the answer replaces the screen's copy.
  await page.goto("/app/admin-settings");
  const ear = page.getByRole("switch", { name: /EAR reporting/ });
  await expect(ear).not.toBeChecked();
  await ear.click();
  await expect(page.getByText("Setting updated successfully")).toBeVisible();
  await expect(ear).toBeChecked();
  await expect(page.getByTestId("side-menu").getByRole("link", { name: "EAR Report" })).toBeVisible();
  await shot(page, "16-admin-settings");
  await signOut(page);
});

test("an employee signs in with a PIN and lands on the scale screen", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Employee Sign In (4-digit PIN)" }).click();
  const dialog = page.getByRole("dialog", { name: "Employee Sign In" });
  await dialog.getByLabel("Email").fill(employee.email);
  const pin = dialog.getByLabel("4-digit PIN");
  const submit = dialog.getByRole("button", { name: "Sign In" });
  await pin.fill("24a");
  await expect(pin).toHaveValue("24");
  await expect(submit).toBeDisabled();
  await pin.fill("246813");
  await expect(pin).toHaveValue("2468");
  await expect(submit).toBeEnabled();
  await shot(page, "10-pin-dialog");
  await submit.click();
  await expect(page).toHaveURL(/\/app\/scale$/);
  await expect(page.getByTestId("role-label")).toHaveText(`Scale Operator (${employee.first})`);
  await expect(page.getByTestId("side-menu")).toHaveCount(0);
  await shot(page, "11-employee-scale");
  // Losing the connection shows the offline indicator; coming back hides it (nothing queued).
  await page.context().setOffline(true);
  await expect(page.getByTestId("offline-indicator")).toContainText("Offline Mode");
  await page.context().setOffline(false);
  await expect(page.getByTestId("offline-indicator")).toHaveCount(0);
  await signOut(page);
});

test("a password reset uses the token from the mailed link and the new password works", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  const request = page.getByRole("dialog", { name: "Reset Your Password" });
  await request.getByLabel("Email").fill(admin.email);
  await request.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(request.getByText(/password reset link has been sent/)).toBeVisible();
  const [link] = await waitForMail(admin.email, /https?:\/\/\S+\/login\?token=[^\s"<>]+/);
  const url = new URL(link);
  await page.goto(`/login${url.search}`);
  const reset = page.getByRole("dialog", { name: "Set a New Password" });
  await reset.getByLabel("New Password").fill(newPassword);
  await reset.getByLabel("Confirm Password").fill("different-1");
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(reset.getByText("Passwords do not match")).toBeVisible();
  await reset.getByLabel("Confirm Password").fill(newPassword);
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(reset.getByText("Password reset successfully! You can now sign in with your new password.")).toBeVisible();
  await shot(page, "12-password-reset");
  // Two seconds later the dialog hands back to the sign-in page.
  await expect(reset).toHaveCount(0, { timeout: 5000 });
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, admin.email, newPassword);
  await expect(page).toHaveURL(/\/app\/home$/);
});

test("on a phone the menu is a drawer behind the hamburger", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, admin.email, newPassword);
  await expect(page).toHaveURL(/\/app\/home$/);
  await shot(page, "13-phone-home");
  await page.goto("/app/dashboard");
  const menu = page.getByTestId("side-menu");
  await expect(menu).not.toBeInViewport();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeInViewport();
  await shot(page, "14-phone-drawer");
  await menu.getByRole("button", { name: "Company" }).click();
  await menu.getByRole("link", { name: "Locations" }).click();
  await expect(page).toHaveURL(/\/app\/locations$/);
  await expect(menu).not.toBeInViewport();
});
