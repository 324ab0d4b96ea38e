import { expect, test, type APIRequestContext, type Page } from "./harness";

// Reference lists end to end against the real API and database: add, edit, reorder (mouse drag
// and keyboard) and toggle on two lists, then check that the dropdown feed
// (GET ...?active_only=true) and the outbound ticket form's container dropdown follow.
//
// Signs in as E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD when the runner provides them, else signs up
// a fresh trial company through the public API.

const tag = Date.now().toString(36);

async function adminToken(request: APIRequestContext): Promise<string> {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (email && password) {
    const res = await request.post("/api/auth/login", { data: { email, password } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).access_token;
  }
  const res = await request.post("/api/auth/signup", {
    data: {
      email: `lists-${tag}@example.com`, password: "Lists-e2e-pass-1", first_name: "Lena", last_name: "Lists",
      account_type: "trial",
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  expect(body.access_token, "the sign-up needs approval; set E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD").toBeTruthy();
  // Finish set-up the way the wizard does, so the wizard does not cover the list screens.
  const done = await request.put("/api/users/preferences", {
    data: { setup_completed: true }, headers: { Authorization: `Bearer ${body.access_token}` },
  });
  expect(done.ok(), await done.text()).toBeTruthy();
  return body.access_token;
}

async function dropdownNames(request: APIRequestContext, token: string, path: string, key: string) {
  const res = await request.get(`/api/${path}?active_only=true`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json())[key] as { name: string }[]).map((item) => item.name);
}

const rows = (page: Page) => page.getByTestId("list-row");
const row = (page: Page, name: string) => page.locator(`[data-testid="list-row"][data-name="${name}"]`);

async function rowNames(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-name") ?? ""));
}

test.describe("reference lists", () => {
  let token: string;

  test.beforeEach(async ({ page, request }) => {
    token ??= await adminToken(request);
    await page.addInitScript((value) => window.localStorage.setItem("token", value), token);
  });

  test("containers: add, edit, drag to the top, toggle, and the dropdown follows", async ({ page, request }) => {
    const name = `E2E Tote ${tag}`;
    // Tall enough that the whole list is on screen: a drag must not scroll under the mouse.
    await page.setViewportSize({ width: 1366, height: 1800 });
    await page.goto("/app/container-types");
    await expect(page.getByRole("heading", { name: "Container Types Management" })).toBeVisible();
    await expect(page.getByText("Manage container types and tare weights")).toBeVisible();

    await page.getByRole("button", { name: "Add Container" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Add New Container" })).toBeVisible();
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Capacity (gallons)").fill("6");
    await dialog.getByLabel("Tare weight (lbs)").fill("2.2");
    await dialog.getByRole("button", { name: "Add Container" }).click();
    await expect(page.getByText("Container type added successfully!")).toBeVisible();
    await expect(row(page, name)).toContainText("6 gal · 2.2 lbs tare");
    await expect(row(page, name)).toContainText("Custom");
    expect((await rowNames(page)).at(-1)).toBe(name);

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(dialog.getByRole("heading", { name: "Edit Container Type" })).toBeVisible();
    await dialog.getByLabel("Capacity (gallons)").fill("0");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Capacity must be greater than 0")).toBeVisible();
    await dialog.getByLabel("Capacity (gallons)").fill("6");
    await dialog.getByLabel("Tare weight (lbs)").fill("2.4");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Container type updated successfully!")).toBeVisible();
    await expect(row(page, name)).toContainText("6 gal · 2.4 lbs tare");

    // Drag the new container onto the first one: it takes the first place.
    const first = (await rowNames(page))[0];
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/container-types/reorder") && r.ok());
    await row(page, name).dragTo(row(page, first));
    await saved;
    await expect.poll(async () => (await rowNames(page))[0]).toBe(name);
    expect((await rowNames(page))[1]).toBe(first);
    expect((await dropdownNames(request, token, "container-types", "container_types"))[0]).toBe(name);

    // Turn off the Plastic Bucket: it leaves the dropdown and stays off after a reload.
    const toggled = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/api/container-types/") && r.ok());
    await page.getByRole("switch", { name: "Plastic Bucket active" }).click();
    await toggled;
    await expect(page.getByRole("switch", { name: "Plastic Bucket active" })).not.toBeChecked();
    expect(await dropdownNames(request, token, "container-types", "container_types")).not.toContain("Plastic Bucket");
    await page.reload();
    await expect(page.getByRole("switch", { name: "Plastic Bucket active" })).not.toBeChecked();
    expect((await rowNames(page))[0]).toBe(name);

    // The outbound ticket form's container dropdown follows: new order, inactive item gone.
    await page.goto("/app/outbound-scale");
    const select = page.getByLabel("Container type");
    await expect(select.locator("option").nth(1)).toHaveText(new RegExp(`^${name}`));
    const options = await select.locator("option").allTextContents();
    expect(options.some((o) => o.startsWith("Plastic Bucket"))).toBe(false);
  });

  test("waste types: add with a price, edit, move with the keyboard, toggle", async ({ page, request }) => {
    const name = `E2E Coffee Grounds ${tag}`;
    await page.goto("/app/waste-types");
    await expect(page.getByRole("heading", { name: "Waste Types Management" })).toBeVisible();

    await page.getByRole("button", { name: "Add Waste Type" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await expect(dialog.getByLabel("Unit of measure")).toHaveValue("lbs");
    await dialog.getByLabel("Default price per unit ($)").fill("0.05");
    await dialog.getByLabel("Pricing unit").selectOption("yard");
    // A custom waste type must say whether it is SB 1383 organic waste: no default is chosen for it.
    await expect(dialog.getByLabel("Organic waste (SB 1383)")).toHaveValue("");
    await dialog.getByLabel("Organic waste (SB 1383)").selectOption({ label: "Yes: food, green or landscape waste, wood, paper or cardboard, textiles, manure, biosolids" });
    await dialog.getByRole("button", { name: "Add Waste Type" }).click();
    await expect(page.getByText("Waste type added successfully!")).toBeVisible();
    await expect(row(page, name)).toContainText("Organic (SB 1383)");
    await expect(row(page, name)).toContainText("Default: $0.05/yard³");
    await expect(row(page, name)).toContainText("No description");

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await dialog.getByLabel("Description").fill("Spent espresso grounds");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Waste type updated successfully!")).toBeVisible();
    await expect(row(page, name)).toContainText("Spent espresso grounds");

    // System names are locked in the edit dialog.
    await page.getByRole("button", { name: "Edit Food Scraps" }).click();
    await expect(dialog.getByLabel("Name")).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Keyboard: focus the handle and press the up arrow twice.
    const before = await rowNames(page);
    const handle = page.getByRole("button", { name: `Reorder ${name}` });
    await handle.focus();
    const firstMove = page.waitForResponse((r) => r.url().endsWith("/api/waste-types/reorder") && r.ok());
    await page.keyboard.press("ArrowUp");
    await firstMove;
    const secondMove = page.waitForResponse((r) => r.url().endsWith("/api/waste-types/reorder") && r.ok());
    await page.getByRole("button", { name: `Reorder ${name}` }).focus();
    await page.keyboard.press("ArrowUp");
    await secondMove;
    const expected = [...before.slice(0, -3), name, ...before.slice(-3, -1)];
    await expect.poll(() => rowNames(page)).toEqual(expected);
    const dropdown = await dropdownNames(request, token, "waste-types", "waste_types");
    const moved = [name, ...before.slice(-3, -1)];
    expect(dropdown.filter((n) => moved.includes(n))).toEqual(moved);

    const toggled = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/api/waste-types/") && r.ok());
    await page.getByRole("switch", { name: `${name} active` }).click();
    await toggled;
    expect(await dropdownNames(request, token, "waste-types", "waste_types")).not.toContain(name);
    await page.getByRole("switch", { name: `${name} active` }).click();
    await expect.poll(() => dropdownNames(request, token, "waste-types", "waste_types")).toContain(name);
  });
});
