import { expect, test } from "./harness";
import { auth, chromiumArgs, listTickets, newTenant, phone, scaleDisplayClip, type Tenant } from "./ticket-support";

// The AI reader behind the camera, end to end: Chromium's fake camera shows a seven-segment
// display reading 23.4, the local reader (no network, no key) reads it, the operator accepts it.
test.use({
  viewport: phone,
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${scaleDisplayClip("23.4")}`],
  },
});
test.describe.configure({ mode: "serial" });

let tenant: Tenant;
test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "ai");
});

test("Simple Tickets reads the scale photo and creates an AI ticket in one tap", async ({ page, request }) => {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.employeeToken);
  await page.goto("/app/scale?view=simple");
  await page.getByRole("button", { name: "Push Here to Take Image" }).click();
  await expect(page.getByRole("heading", { name: "Confirm Ticket" })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("confirm-weight")).toHaveText("23.4 lbs");
  await expect(page.getByText(/AI confidence: \d+%/)).toBeVisible();
  await page.getByRole("button", { name: "Create Ticket" }).click();
  const success = page.getByText(/Ticket T-\d{8}-\d{4} created successfully! Net weight: 15\.6 lbs/);
  await expect(success).toBeVisible();
  const number = (await success.textContent())!.match(/T-\d{8}-\d{4}/)![0];
  const ticket = (await listTickets(request, tenant.employeeToken, "&created_by=me")).find((t) => t.ticket_number === number)!;
  expect(ticket.manual_override).toBe(false);
  const detail = await (await request.get(`/api/tickets/${ticket.id}`, { headers: auth(tenant.employeeToken) })).json();
  expect(detail.ocr_provider).toBeTruthy();
  expect(detail.confidence).toBeGreaterThan(0);

  await page.goto("/app/history");
  await expect(page.getByRole("cell", { name: "AI Vision" })).toBeVisible();
});

test("the Scale Tickets Portal fills the weight only after Accept Weight, and Retake Photo clears it", async ({ page, request }) => {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.employeeToken);
  await page.goto("/app/scale?view=portal");
  const weight = page.getByLabel("Total weight (lbs)");
  await page.getByRole("button", { name: /Take Weight Image/ }).click();
  await expect(page.getByRole("button", { name: "Accept Weight" })).toBeVisible({ timeout: 45_000 });
  await expect(weight).toHaveValue("");
  await page.getByRole("button", { name: "Retake Photo" }).click();
  await expect(page.getByRole("button", { name: "Accept Weight" })).toBeVisible({ timeout: 45_000 });
  await page.getByRole("button", { name: "Accept Weight" }).click();
  await expect(weight).toHaveValue("23.4");
  await page.getByRole("button", { name: "Create Ticket" }).click();
  const success = page.getByText(/Ticket T-\d{8}-\d{4} created successfully!/);
  await expect(success).toBeVisible();
  const number = (await success.textContent())!.match(/T-\d{8}-\d{4}/)![0];
  const ticket = (await listTickets(request, tenant.employeeToken, "&created_by=me")).find((t) => t.ticket_number === number)!;
  expect(ticket.gross_weight).toBe(23.4);
  expect(ticket.manual_override).toBe(false);
  expect(ticket.images.map((i) => i.kind)).toEqual(["gross"]);
});
