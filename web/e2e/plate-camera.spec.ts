import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test, type Page } from "./harness";
import { mkdirSync } from "node:fs";
import { screenshotDir, shot } from "./support";
import { auth, chromiumArgs, newTenant, phone, type Tenant } from "./ticket-support";

// The licence-plate camera (spec 3 s2.2) on the truck-scale plate field: Chromium's fake camera
// shows a plate drawn by the bench's renderer, the local reader reads it, the look-up fills the form.
const ROOT = resolve(process.cwd(), "..");
const PYTHON = process.env.FLOW_PYTHON ?? join(ROOT, ".venv", "bin", "python");
const FIXTURES = join(ROOT, "web", "e2e", "fixtures", "plate_camera.py");
const PLATE = "FLW4821";

function plateClip(plate: string): string {
  const file = join(tmpdir(), `flow-e2e-plate-${plate}.y4m`);
  execFileSync(PYTHON, [FIXTURES, "clip", plate, file], { cwd: ROOT, stdio: "inherit", timeout: 60_000 });
  return file;
}

test.use({
  viewport: phone,
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${plateClip(PLATE)}`],
  },
});
test.describe.configure({ mode: "serial" });

let tenant: Tenant;
test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "plate");
  const settings = await request.put("/api/system/settings", { headers: auth(tenant.adminToken), data: { outbound_truck_scale_enabled: true } });
  expect(settings.ok(), await settings.text()).toBeTruthy();
  execFileSync(PYTHON, [FIXTURES, "vehicle", `admin-${tenant.tag}@example.com`, PLATE], { cwd: ROOT, stdio: "inherit", timeout: 60_000 });
});

async function openTruckScaleForm(page: Page) {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
  await page.goto("/app/outbound-scale");
  await expect(page.getByRole("heading", { name: "Outbound Ticket Creation" })).toBeVisible();
  await page.getByLabel("Ticket type").selectOption("type_2_truck_scale");
}

test("Scan Plate reads the truck's plate and the look-up fills the vehicle and its partner", async ({ page }) => {
  await openTruckScaleForm(page);
  await page.getByRole("button", { name: "Scan Plate" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan License Plate" });
  await expect(dialog).toBeVisible();
  const capture = dialog.getByRole("button", { name: "Capture & Recognize" });
  await expect(capture).toBeEnabled();
  mkdirSync(screenshotDir, { recursive: true });
  await shot(page, "30-plate-camera");
  await capture.click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });

  await expect(page.getByLabel("License plate", { exact: true })).toHaveValue(PLATE);
  await expect(page.getByRole("status").filter({ hasText: "Vehicle found · Harbor Disposal Co" })).toBeVisible();
  await expect(page.getByLabel("Make")).toHaveValue("Freightliner");
  await expect(page.getByLabel("Model")).toHaveValue("M2 106");
  await expect(page.getByLabel("Year")).toHaveValue("2019");
  await expect(page.getByText("Disposal partner: Harbor Disposal Co")).toBeVisible();
  await shot(page, "31-plate-camera-filled");
  // The camera is released once the modal closes.
  expect(await page.evaluate(() => document.querySelectorAll("video").length)).toBe(0);
});

test("Cancel closes the camera and leaves the plate field as it was", async ({ page }) => {
  await openTruckScaleForm(page);
  await page.getByLabel("License plate", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Scan Plate" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan License Plate" });
  await expect(dialog.getByRole("button", { name: "Capture & Recognize" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("License plate", { exact: true })).toHaveValue("ABC");
  await expect(page.getByRole("button", { name: "Scan Plate" })).toBeFocused();
});

test("a denied camera says so and the typed plate still looks the truck up", async ({ page }) => {
  // The operator refused the permission prompt: getUserMedia rejects as browsers do then.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await openTruckScaleForm(page);
  await page.getByRole("button", { name: "Scan Plate" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan License Plate" });
  await expect(dialog.getByRole("alert")).toHaveText("Could not access camera. Please check permissions.");
  await expect(dialog.getByRole("button", { name: "Capture & Recognize" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByLabel("License plate", { exact: true }).fill(PLATE.toLowerCase());
  await page.getByRole("button", { name: "Auto-Fill from License Plate" }).click();
  await expect(page.getByLabel("Make")).toHaveValue("Freightliner");
});

test("a scanned plate with no vehicle says so in the Scale Tickets Portal", async ({ page, request }) => {
  const other = await newTenant(request, "plate-none");
  const settings = await request.put("/api/system/settings", { headers: auth(other.adminToken), data: { outbound_truck_scale_enabled: true } });
  expect(settings.ok(), await settings.text()).toBeTruthy();
  await page.addInitScript((t) => window.localStorage.setItem("token", t), other.employeeToken);
  await page.goto("/app/scale?view=portal");
  await page.getByLabel("Ticket type").selectOption("type_2_truck_scale");
  await page.getByRole("button", { name: "Scan Plate" }).click();
  const dialog = page.getByRole("dialog", { name: "Scan License Plate" });
  await dialog.getByRole("button", { name: "Capture & Recognize" }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByLabel("License plate", { exact: true })).toHaveValue(PLATE);
  await expect(page.getByText(`No vehicle found with license plate ${PLATE}`)).toBeVisible();
});
