import { expect, test } from "./harness";
import { expectMailedPdf } from "./support";
import { auth, chromiumArgs, greyCameraClip, listTickets, newTenant, phone, type Tenant } from "./ticket-support";

// Ticket creation on a phone-sized screen against the real API and database: the Simple
// Tickets camera flow with Chromium's fake camera, an admin's truck-scale ticket, and the
// Ticket Report's filters and CSV / Excel / PDF downloads.
test.use({
  viewport: phone,
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${greyCameraClip()}`],
  },
});
test.describe.configure({ mode: "serial" });

let tenant: Tenant;

test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "tickets");
});

test("an employee creates a simple ticket with a camera photo and a typed weight", async ({ page, request }) => {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.employeeToken);
  await page.goto("/app/scale?view=simple");
  await page.getByRole("button", { name: "Push Here to Take Image" }).click();
  await expect(page.getByText("Aim at your scale display. Auto-capture in 2 seconds!")).toBeVisible();
  // The grey frame has no digits: the reader finds no weight and the alternatives open.
  await expect(page.getByRole("heading", { name: "Alternative Options" })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText("AI could not read the weight. Please try uploading a photo or enter weight manually.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Scale photo" })).toBeVisible();
  const continueButton = page.getByRole("button", { name: "Continue with Manual Weight" });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel("Enter weight manually (lbs)").fill("0");
  await expect(continueButton).toBeDisabled();
  await page.getByLabel("Enter weight manually (lbs)").fill("31.4");
  await continueButton.click();
  await expect(page.getByRole("heading", { name: "Confirm Ticket" })).toBeVisible();
  await expect(page.getByTestId("confirm-weight")).toHaveText("31.4 lbs");
  await page.getByRole("button", { name: "Create Ticket" }).click();
  const success = page.getByText(/Ticket T-\d{8}-\d{4} created successfully! Net weight: 23\.6 lbs/);
  await expect(success).toBeVisible();
  const number = (await success.textContent())!.match(/T-\d{8}-\d{4}/)![0];

  const mine = await listTickets(request, tenant.employeeToken, "&created_by=me");
  const ticket = mine.find((t) => t.ticket_number === number)!;
  expect(ticket).toBeTruthy();
  expect(ticket.gross_weight).toBe(31.4);
  expect(ticket.manual_override).toBe(true);
  expect(ticket.waste_type).toBe("Food Waste");
  expect(ticket.images.map((i) => i.kind)).toEqual(["gross"]);

  await page.goto("/app/history");
  await expect(page.getByRole("button", { name: number })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Manual" })).toBeVisible();
});

test("an employee weighs on the Scale Tickets Portal with a product line and a draft kept in the browser", async ({ page, request }) => {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.employeeToken);
  await page.goto("/app/scale?view=portal");
  await expect(page.getByTestId("month-counter")).toHaveText("1 ticket this month");
  const create = page.getByRole("button", { name: "Create Ticket" });
  const weight = page.getByLabel("Total weight (lbs)");
  await expect(create).toBeDisabled();
  await weight.fill("0");
  await expect(create).toBeDisabled();
  await weight.fill("18.26");
  await page.getByRole("button", { name: "Confirm Weight" }).click();
  await expect(weight).toHaveValue("18.3");
  await expect(page.getByLabel("Destination")).not.toHaveValue("");
  await page.getByLabel("Quantity").fill("18.3");
  await expect(page.getByRole("button", { name: "Remove product 1" })).toBeDisabled();

  await page.getByRole("button", { name: "Save Draft" }).click();
  const drafts = page.getByRole("list", { name: "Draft tickets" });
  await expect(drafts.getByRole("listitem")).toHaveCount(1);
  await expect(drafts).toContainText(/[0-9a-f]{8} · /);
  await page.getByRole("button", { name: "New Ticket" }).click();
  await expect(weight).toHaveValue("");
  await drafts.getByRole("button", { name: "Load" }).click();
  await expect(weight).toHaveValue("18.3");

  await create.click();
  const success = page.getByText(/Ticket T-\d{8}-\d{4} created successfully!/);
  await expect(success).toBeVisible();
  await expect(page.getByText("No draft tickets saved")).toBeVisible();
  const number = (await success.textContent())!.match(/T-\d{8}-\d{4}/)![0];
  const ticket = (await listTickets(request, tenant.employeeToken, "&created_by=me")).find((t) => t.ticket_number === number)!;
  expect(ticket.gross_weight).toBe(18.3);
  expect(ticket.manual_override).toBe(true);
  const detail = await (await request.get(`/api/tickets/${ticket.id}`, { headers: auth(tenant.employeeToken) })).json();
  expect(detail.line_items).toHaveLength(1);
  expect(detail.line_items[0].quantity).toBe(18.3);
  await expect(page.getByTestId("month-counter")).toHaveText("2 tickets this month");
});

test("an admin creates a truck-scale (type 2) ticket once the setting is on", async ({ page, request }) => {
  const settings = await request.put("/api/system/settings", { headers: auth(tenant.adminToken), data: { outbound_truck_scale_enabled: true } });
  expect(settings.ok(), await settings.text()).toBeTruthy();
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
  await page.goto("/app/outbound-scale");
  await expect(page.getByRole("heading", { name: "Outbound Ticket Creation" })).toBeVisible();
  await page.getByLabel("Ticket type").selectOption("type_2_truck_scale");
  await page.getByRole("button", { name: "Create Ticket" }).click();
  await expect(page.getByText("License plate is required")).toBeVisible();
  await expect(page.getByText("Driver name is required")).toBeVisible();
  await expect(page.getByText("Gross weight is required")).toBeVisible();

  await page.getByLabel("Gross weight (lbs)").fill("12500");
  await page.getByLabel("License plate").fill("7abc123");
  await expect(page.getByLabel("License plate")).toHaveValue("7ABC123");
  await page.getByLabel("Driver name").fill("Dana Driver");
  await page.getByRole("button", { name: "Create Ticket" }).click();
  const number = page.getByTestId("created-ticket-number");
  await expect(number).toHaveText(/^T-\d{8}-\d{4}$/);
  await expect(page.getByText("Amount:")).toContainText("$0.00");

  const all = await listTickets(request, tenant.adminToken);
  const created = await number.textContent();
  const ticket = all.find((t) => t.ticket_number === created)!;
  expect(ticket.outbound_ticket_type).toBe("type_2_truck_scale");
  expect(ticket.vehicle_info).toMatchObject({ license_plate: "7ABC123", driver_name: "Dana Driver" });
  expect(ticket.gross_weight).toBe(12500);
});

test("the Ticket Report filters the day's tickets and downloads CSV, Excel and PDF", async ({ page, request }) => {
  const all = await listTickets(request, tenant.adminToken);
  expect(all.length).toBeGreaterThanOrEqual(2);
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
  await page.goto("/app/ticket-report");
  await expect(page.getByRole("heading", { name: "Ticket Report" })).toBeVisible();
  for (const t of all) await expect(page.getByRole("button", { name: t.ticket_number })).toBeVisible();

  await page.getByRole("button", { name: /^Filters/ }).click();
  await page.getByLabel("Waste type").selectOption("Food Waste");
  await expect(page.getByRole("button", { name: /Filters \(1 active\)/ })).toBeVisible();
  const foodWaste = all.filter((t) => t.waste_type === "Food Waste");
  const other = all.filter((t) => t.waste_type !== "Food Waste");
  for (const t of foodWaste) await expect(page.getByRole("button", { name: t.ticket_number })).toBeVisible();
  for (const t of other) await expect(page.getByRole("button", { name: t.ticket_number })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).click();

  // The detail modal opens from the ticket number.
  await page.getByRole("button", { name: all[0].ticket_number }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Ticket ${all[0].ticket_number}` })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Print" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Close" }).first().click();

  for (const [label, ext] of [["CSV", "csv"], ["Excel", "xlsx"], ["PDF", "pdf"]] as const) {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: label, exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^flow_tickets_export_.*\\.${ext}`));
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const body = readFileSync(path!);
    if (ext === "pdf") {
      expect(body.subarray(0, 4).toString()).toBe("%PDF");
    } else if (ext === "xlsx") {
      // A real workbook (a zip with the sheet inside), not tab-separated text named .xls.
      expect(body.subarray(0, 2).toString()).toBe("PK");
      expect(body.includes(Buffer.from("xl/worksheets/sheet1.xml"))).toBe(true);
    } else {
      const text = body.toString("utf8");
      for (const t of all) expect(text).toContain(t.ticket_number);
    }
    await expect(page.getByText(`${label === "Excel" ? "EXCEL" : label} export completed successfully!`)).toBeVisible();
  }
});

test("EMAIL on the Ticket Report and on Outbound Tickets mails the tickets as PDF and CSV", async ({ page, request }) => {
  const all = await listTickets(request, tenant.adminToken);
  // Tickets are mailed only to the company's users and the recipients a manager put on an e-mail
  // alert (issue 31): the manager lists the four addresses this test mails to first.
  const recipients = ["report", "search"].flatMap((who) => [`${who}-a-${tenant.tag}@example.com`, `${who}-b-${tenant.tag}@example.com`]);
  const alert = await request.post("/api/email-alerts", {
    headers: auth(tenant.adminToken),
    data: { name: "Ticket mail", report_type: "ticket-report", schedule: "weekly", weekly_day: "monday", recipients: recipients.join(", ") },
  });
  expect(alert.ok(), await alert.text()).toBeTruthy();
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
  for (const [path, heading, who] of [["/app/ticket-report", "Ticket Report", "report"], ["/app/tickets", "Outbound Tickets", "search"]] as const) {
    const first = `${who}-a-${tenant.tag}@example.com`;
    const second = `${who}-b-${tenant.tag}@example.com`;
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "EMAIL" }).click();
    const dialog = page.getByRole("dialog", { name: "Email Tickets" });
    const field = dialog.getByLabel("Email addresses (comma-separated)");
    await field.fill(`${first}, not-an-address`);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Please enter a valid email address: 'not-an-address'")).toBeVisible();
    await field.fill(`${first}, outsider-${tenant.tag}@example.com`);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText(/is not one of this company's users or e-mail alert recipients/)).toBeVisible();
    await field.fill(`${first}, ${second}`);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog).toBeHidden();
    for (const to of [first, second]) {
      const files = await expectMailedPdf(to, /sent you the tickets of/, /^flow_tickets_.*\.pdf$/);
      const csv = files.find((f) => f.contentType === "text/csv");
      expect(csv?.filename).toMatch(/^flow_tickets_.*\.csv$/);
      for (const t of all) expect(csv!.data.toString("utf8")).toContain(t.ticket_number);
    }
  }
});

test("with advanced options on, the employee goes through the two-step wizard and manual entry", async ({ page, request }) => {
  // Advanced options belong to a location: the company's one (newTenant made it).
  const stores = await request.get("/api/stores", { headers: auth(tenant.adminToken) });
  expect(stores.ok(), await stores.text()).toBeTruthy();
  const storeId = (await stores.json()).stores[0].id;
  const on = await request.put("/api/company/settings", { headers: auth(tenant.adminToken), data: { advanced_options_enabled: true, store_id: storeId } });
  expect(on.ok(), await on.text()).toBeTruthy();
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.employeeToken);
  await page.goto("/app/scale?view=portal");
  await expect(page.getByText("Step 1 of 2 · Ticket options")).toBeVisible();
  await page.getByLabel("Destination").selectOption("Landfill");
  await page.getByRole("button", { name: "Next: Capture Weight" }).click();
  await expect(page.getByText("Step 2 of 2 · Capture weight")).toBeVisible();
  await expect(page.getByRole("button", { name: /Take Weight Image/ })).toBeVisible();
  await page.getByRole("button", { name: "Skip to Manual Entry" }).click();
  await expect(page.getByText("Manual weight entry")).toBeVisible();
  await page.getByRole("button", { name: "← Back to Wizard" }).click();
  await expect(page.getByLabel("Destination")).toHaveValue("Landfill");
  await page.getByRole("button", { name: "Next: Capture Weight" }).click();
  await page.getByRole("button", { name: "Skip to Manual Entry" }).click();
  await page.getByLabel("Total weight (lbs)").fill("9.9");
  await page.getByRole("button", { name: "Create Ticket" }).click();
  const success = page.getByText(/Ticket T-\d{8}-\d{4} created successfully!/);
  await expect(success).toBeVisible();
  const number = (await success.textContent())!.match(/T-\d{8}-\d{4}/)![0];
  const ticket = (await listTickets(request, tenant.employeeToken, "&created_by=me")).find((t) => t.ticket_number === number)!;
  expect(ticket.gross_weight).toBe(9.9);
  const detail = await (await request.get(`/api/tickets/${ticket.id}`, { headers: auth(tenant.employeeToken) })).json();
  expect(detail.destination).toBe("Landfill");
  await expect(page.getByText("Step 1 of 2 · Ticket options")).toBeVisible();
});
