import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./harness";
import { shot } from "./support";
import { auth, chromiumArgs, newTenant, type Tenant } from "./ticket-support";

// Inbound (issue 13): a truck identified by the plate behind Chromium's fake camera, weighed in and
// out through the 5-step wizard with two products, found again in Inbound Tickets; and a weigh-in
// left saved, completed from the In-Progress screen.
const ROOT = resolve(process.cwd(), "..");
const PYTHON = process.env.FLOW_PYTHON ?? join(ROOT, ".venv", "bin", "python");
const PLATE = "INB4821";

function plateClip(plate: string): string {
  const file = join(tmpdir(), `flow-e2e-plate-${plate}.y4m`);
  execFileSync(PYTHON, [join(ROOT, "web", "e2e", "fixtures", "plate_camera.py"), "clip", plate, file], { cwd: ROOT, stdio: "inherit", timeout: 60_000 });
  return file;
}

test.use({
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${plateClip(PLATE)}`],
  },
});
test.describe.configure({ mode: "serial" });

let tenant: Tenant;
let products: string[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok(res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<any> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "inbound");
  execFileSync(PYTHON, [join(ROOT, "web", "e2e", "fixtures", "inbound.py"), "enterprise", `admin-${tenant.tag}@example.com`], { cwd: ROOT, stdio: "inherit", timeout: 60_000 });
  const h = auth(tenant.adminToken);
  for (const data of [{ inbound_module_enabled: true }, { inbound_multistep_weighing_enabled: true }]) {
    await ok(await request.put("/api/system/settings", { headers: h, data }));
  }
  const payee = await ok(await request.post("/api/inbound/customers", { headers: h, data: { customer_name: "Golden Gate Produce", custom_pricing_per_unit: 0.05, default_unit_of_measure: "lb" } }));
  // The API commits a request's transaction as its session dependency exits, which FastAPI runs
  // after the answer is sent: a call made the instant the answer arrives can miss the row.
  await expect.poll(async () => (await request.get(`/api/inbound/customers/${payee.id}/vehicles`, { headers: h })).status()).toBe(200);
  await ok(await request.post(`/api/inbound/customers/${payee.id}/vehicles`, { headers: h, data: { license_plate: PLATE, make: "Isuzu", model: "NRR", tare_weight: 10400 } }));
  const lists = await ok(await request.get("/api/waste-types", { headers: h }));
  products = (lists.waste_types as { name: string; is_active: boolean }[]).filter((w) => w.is_active).map((w) => w.name).slice(0, 2);
  expect(products).toHaveLength(2);
});

async function open(page: Page, path: string) {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
  await page.goto(path);
}

async function productsStep(page: Page) {
  await expect(page.getByRole("heading", { name: "Step 3: Products" })).toBeVisible();
  const first = page.getByRole("group", { name: "Product 1" });
  await first.getByLabel("Waste type").selectOption(products[0]);
  await first.getByLabel("Quantity").fill("1500");
  await page.getByRole("button", { name: "Add Product" }).click();
  const second = page.getByRole("group", { name: "Product 2" });
  await second.getByLabel("Waste type").selectOption(products[1]);
  await second.getByLabel("Quantity").fill("0.75");
  await second.getByLabel("Unit").selectOption("tons");
  await page.getByRole("button", { name: "Next" }).click();
}

test("a plate read by the camera runs the 5-step wizard to a priced two-product ticket", async ({ page }) => {
  await open(page, "/app/inbound-portal");
  await expect(page.getByRole("heading", { name: "Inbound Waste Management" })).toBeVisible();
  await page.getByRole("button", { name: "Scan Plate" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan License Plate" });
  const capture = dialog.getByRole("button", { name: "Capture & Recognize" });
  await expect(capture).toBeEnabled();
  await capture.click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  // Found: the scan jumps to step 2 with the truck's payee chosen.
  await expect(page.getByRole("heading", { name: "Step 2: Customer selection" })).toBeVisible();
  await expect(page.getByLabel("Payee (required)")).toHaveValue(/.+/);
  await page.getByRole("button", { name: "Next" }).click();
  await productsStep(page);
  await page.getByLabel("Gross weight (lbs)").fill("13420");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/Use stored tare/).check();
  await page.getByLabel("Payment method").selectOption("check");
  // Billed as weighed: typed 1,500 lb + 0.75 t (1,500 lb), the scale says 13,420 - 10,400 = 3,020 lb,
  // 1,510 lb each at the payee's $0.05/lb = $151.00, shown before Complete.
  const preview = page.getByRole("region", { name: "Billed as weighed" });
  await expect(preview).toContainText("Net weight: 3,020 lbs");
  await expect(preview).toContainText("(+20 lbs)");
  await expect(preview).toContainText("$151.00");
  await shot(page, "40-inbound-wizard-step5");
  await page.getByRole("button", { name: "Complete Transaction" }).click();
  await expect(page.getByText(/Multi-Product Inbound ticket created successfully! Ticket T-I-\d{8}-\d{4}: 2 products, total \$151\.00/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step 1: Vehicle identification" })).toBeVisible();

  await page.goto("/app/inbound-tickets");
  await expect(page.getByRole("heading", { name: "Inbound Ticket Management" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Golden Gate Produce" }).first();
  await expect(row).toContainText("-I-");
  await expect(row).toContainText("$151.00");
  await row.getByRole("button").first().click();
  await expect(page.getByLabel("Scale ticket")).toContainText("Net3,020.0 lbs");
  await shot(page, "41-inbound-ticket-print");
  await page.keyboard.press("Escape");

  // The load is inventory now, as weighed: 3,020 lb, on the next read (the Inventory screens read
  // the ledger, api/inventory/ledger.py; the marts' same figures: tests/api/inbound/test_marts.py).
  await page.goto("/app/inventory-dashboard");
  await expect(page.getByRole("heading", { name: "Inventory Dashboard" })).toBeVisible();
  await expect(page.getByText("3,020 lbs").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Recent inventory items" }).getByRole("row")).toHaveCount(3);
  await shot(page, "42-inventory-dashboard");
});

test("a weigh-in left saved is weighed out from In-Progress", async ({ page }) => {
  await open(page, "/app/inbound-portal");
  await page.getByLabel("License plate").fill(PLATE.toLowerCase());
  await page.getByRole("button", { name: "Look Up" }).click();
  await expect(page.getByText("Vehicle found: Isuzu NRR")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await productsStep(page);
  await page.getByLabel("Gross weight (lbs)").fill("12000");
  await page.getByRole("button", { name: "Save Weigh-In" }).click();
  await expect(page.getByText(/Weigh-in saved: ticket T-I-/)).toBeVisible();

  await page.goto("/app/in-progress-tickets");
  const saved = page.getByRole("table", { name: "Saved tickets" });
  const row = saved.getByRole("row").filter({ hasText: "inbound" });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: "Weigh Out" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Tare weight (lbs)").fill("10400");
  // 12,000 - 10,400 = 1,600 lb on 3,000 lb typed: 800 lb a line at $0.05/lb = $80.00.
  await expect(dialog.getByRole("region", { name: "Billed as weighed" })).toContainText("$80.00");
  await dialog.getByRole("button", { name: "Complete Transaction" }).click();
  await expect(page.getByText(/completed: \$80\.00/)).toBeVisible();
  await expect(saved).toContainText("No saved tickets");

  await page.goto("/app/inventory-management");
  await expect(page.getByRole("heading", { name: "Inventory Management" })).toBeVisible();
  await expect(page.getByText("4,620 lbs").first()).toBeVisible(); // 3,020 + 1,600 lb, as weighed
  await expect(page.getByRole("table", { name: "Inventory items" }).getByRole("row")).toHaveCount(5);
});
