import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "./harness";
import { shot } from "./support";
import { auth, newTenant, type Tenant } from "./ticket-support";

// Money in and money out (issue 14, "Done when"): a site manager bills a charged load, takes a
// partial then a full payment, sees who owes what and for how long (aging cards that add up to
// the cent, on Invoice Management and the Billing Dashboard), downloads the invoice, and pays the
// disposal partner that hauled a load away (bill + bill payment, bill of lading issued). At every
// step the screen's figures are held to Postgres (its tables and the ledger functions the screens
// read), which must agree. No screen here reads the warehouse, and the spec refreshes none: that the
// marts (analytics) agree with the ledger at each of these steps, to the cent, is
// tests/pipelines/test_money_journey_marts.py (moved there from here, issue 34: nine refreshes of
// about 30 s each in this spec). Each fixture call is one short Python process, bounded at 60 s (it
// blocks the worker, so Playwright's own limits cannot end it); the tests keep the 180 s default.
const ROOT = resolve(process.cwd(), "..");
const PYTHON = process.env.FLOW_PYTHON ?? join(ROOT, ".venv", "bin", "python");
const FIXTURE = join(ROOT, "web", "e2e", "fixtures", "money.py");

type Side = { total: string; balances: Record<string, string>; buckets?: Record<string, string> };
/** tables: amounts less payments, straight from Postgres's tables; postgres: the ledger functions
 * the money screens read (ledger_invoice_aging, ledger_bill_aging). */
type Books = { today: string; tables: { receivable: Side; payable: Side }; postgres: { receivable: Side; payable: Side } };

function fixture(...args: string[]): string {
  return execFileSync(PYTHON, [FIXTURE, ...args], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 60_000 }).trim();
}
/** A load charged to the customer's account `days` ago, billed as the app bills it. */
function agedLoad(customerId: string, days: number, pounds: string): { invoice: string; ticket: string } {
  const [invoice, ticket] = fixture("aged-load", email(), customerId, String(days), pounds, product).split("\n").pop()!.split(" ");
  return { invoice, ticket };
}
/** A YYYY-MM-DD day `days` later (or earlier). */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const books = (): Books => JSON.parse(fixture("figures", email(), "--no-marts").split("\n").pop()!);
const email = () => `admin-${tenant.tag}@example.com`;

/** $1,234.56 from a decimal string, as the screens format money. */
const usd = (amount: string) => Number(amount).toLocaleString("en-US", { style: "currency", currency: "USD" });
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Postgres's tables and the ledger functions agree, to the cent, on every document and on the
 * total; the buckets add up to the total. (The marts against the ledger, on every document, bucket
 * and total: tests/pipelines/test_money_journey_marts.py consistent().) */
function consistent(side: "receivable" | "payable", b: Books): void {
  const tables = b.tables[side], ledger = b.postgres[side];
  expect(ledger.total, `${side}: ledger total vs Postgres's tables`).toBe(tables.total);
  expect(ledger.balances, `${side}: ledger balances vs Postgres's tables`).toEqual(tables.balances);
  const sum = Object.values(ledger.buckets!).reduce((s, v) => s + cents(v), 0);
  expect(sum, `${side}: buckets add up to the total`).toBe(cents(ledger.total));
}

let tenant: Tenant;
let payee: { id: string };
let product: string;
let overdueInvoice: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok(res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<any> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "money");
  execFileSync(PYTHON, [join(ROOT, "web", "e2e", "fixtures", "inbound.py"), "enterprise", email()], { cwd: ROOT, stdio: "inherit", timeout: 60_000 });
  const h = auth(tenant.adminToken);
  for (const data of [{ inbound_module_enabled: true }, { outbound_truck_scale_enabled: true },
    { outbound_type2_auto_generate_bol: true }, { outbound_type2_auto_create_payable: true }]) {
    await ok(await request.put("/api/system/settings", { headers: h, data }));
  }
  payee = await ok(await request.post("/api/inbound/customers", { headers: h, data: { customer_name: "Bayview Grocers", custom_pricing_per_unit: 0.05, default_unit_of_measure: "lb", address: "1 Market St, San Francisco, CA" } }));
  await expect.poll(async () => (await request.get(`/api/inbound/customers/${payee.id}/vehicles`, { headers: h })).status()).toBe(200);
  const lists = await ok(await request.get("/api/waste-types", { headers: h }));
  product = (lists.waste_types as { name: string; is_active: boolean }[]).find((w) => w.is_active)!.name;
  // A load weighed 45 days ago on Net 30: 15 days overdue, $123.45 (2,469 lb at $0.05).
  overdueInvoice = agedLoad(payee.id, 45, "2469").invoice;
  // Today's loads at the scale: one charged to the account ($75.00), one paid in cash (no invoice).
  const load = { customer1_id: payee.id, line_items: [{ waste_type: product, quantity: 1500, unit: "lbs" }], gross_weight: 12000, tare_weight: 10500 };
  await ok(await request.post("/api/inbound/tickets", { headers: h, data: { ...load, payment_method: "invoice" } }));
  await ok(await request.post("/api/inbound/tickets", { headers: h, data: { ...load, payment_method: "cash" } }));
});

async function open(page: Page, path: string) {
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
  await page.goto(path);
}

function card(page: Page, group: string, label: string) {
  return page.getByTestId(group).locator(".stat-card", { has: page.locator(".stat-label", { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }) }).locator(".stat-value");
}

/** The screens read the ledger. */
async function agingCardsShow(page: Page, b: Books) {
  const r = b.postgres.receivable;
  await expect(card(page, "aging-cards", "Total Accounts Receivable")).toHaveText(usd(b.postgres.receivable.total));
  for (const [bucket, label] of [["CURRENT", "Current"], ["1-30", "1-30 days"], ["31-60", "31-60 days"], ["61-90", "61-90 days"], ["90+", "90+ days"]]) {
    await expect(card(page, "aging-cards", label)).toHaveText(usd(r.buckets![bucket]));
  }
}

test("a charged load is billed, paid in part then in full, and the aging cards follow to the cent", async ({ page }) => {
  let b = books();
  // Billed: the two charged loads, not the cash one.
  expect(Object.keys(b.postgres.receivable.balances)).toHaveLength(2);
  expect(b.postgres.receivable.total).toBe("198.45");
  // The marts' buckets, the same: tests/pipelines/test_money_journey_marts.py.
  expect(b.postgres.receivable.buckets).toMatchObject({ CURRENT: "75.00", "1-30": "123.45" });
  consistent("receivable", b);

  await open(page, "/app/invoices");
  await expect(page.getByRole("heading", { name: "Invoice Management" })).toBeVisible();
  await agingCardsShow(page, b);
  const rows = page.locator("table tbody tr");
  await expect(rows).toHaveCount(2);

  // Who is late: the overdue filter leaves the 45-day-old load's invoice, 15 days past due.
  await page.getByLabel("Payment status").selectOption("overdue");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(overdueInvoice);
  await expect(rows.first()).toContainText("OVERDUE");
  await expect(rows.first()).toContainText("1-30");
  await shot(page, "money-invoices-overdue");

  // The invoice, and its PDF read back with a PDF reader.
  await rows.first().getByRole("button", { name: overdueInvoice }).click();
  const detail = page.getByRole("dialog", { name: `Invoice ${overdueInvoice}` });
  await expect(detail.getByTestId("balance-due")).toHaveText("Balance due $123.45");
  await expect(detail).toContainText("Bayview Grocers");
  const [download] = await Promise.all([page.waitForEvent("download"), detail.getByRole("button", { name: "Print Invoice" }).click()]);
  expect(download.suggestedFilename()).toBe(`invoice_${overdueInvoice}.pdf`);
  const text = fixture("pdf-text", (await download.path())!);
  for (const expected of [overdueInvoice, "Bayview Grocers", "123.45", product]) expect(text).toContain(expected);

  // A partial payment: the form defaults to the balance; $23.45 by check.
  await detail.getByRole("button", { name: "Record Payment" }).click();
  const pay = page.getByRole("dialog", { name: `Record Payment: ${overdueInvoice}` });
  await expect(pay.getByLabel("Amount (USD)")).toHaveValue("123.45");
  await pay.getByLabel("Amount (USD)").fill("123.46");
  await expect(pay.getByText("Payment amount cannot exceed the balance ($123.45)")).toBeVisible();
  await pay.getByLabel("Amount (USD)").fill("23.45");
  await pay.getByLabel("Reference").fill("CHK 1001");
  await pay.getByRole("button", { name: "Record Payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment recorded successfully!" })).toBeVisible();
  expect(books().postgres.receivable.balances[overdueInvoice]).toBe("100.00");

  // The cards move (they read the ledger; the marts' buckets: tests/pipelines/test_money_journey_marts.py).
  b = books();
  consistent("receivable", b);
  expect(b.postgres.receivable.buckets).toMatchObject({ CURRENT: "75.00", "1-30": "100.00" });
  await page.reload();
  await agingCardsShow(page, b);
  await expect(card(page, "aging-cards", "Total Accounts Receivable")).toHaveText("$175.00");

  // The rest: the Payment button opens the form at the $100.00 left; paying it settles the invoice.
  await page.getByLabel("Payment status").selectOption("overdue");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: "Payment" }).click();
  const rest = page.getByRole("dialog", { name: `Record Payment: ${overdueInvoice}` });
  await expect(rest.getByLabel("Amount (USD)")).toHaveValue("100.00");
  await rest.getByLabel("Method").selectOption("bank_transfer");
  await rest.getByRole("button", { name: "Record Payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment recorded successfully!" })).toBeVisible();
  b = books();
  consistent("receivable", b);
  expect(b.postgres.receivable.balances[overdueInvoice]).toBe("0.00");
  await page.reload();
  await agingCardsShow(page, b);
  await expect(card(page, "aging-cards", "Total Accounts Receivable")).toHaveText("$75.00");
  await page.getByLabel("Payment status").selectOption("paid");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("PAID");
  await expect(rows.first().getByRole("button", { name: "Payment" })).toHaveCount(0);  // hidden once paid
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(rows).toHaveCount(2);

  // The Billing Dashboard: five cards (61-90 shown) that add up to the outstanding total.
  await open(page, "/app/invoice-billing-dashboard");
  await expect(page.getByRole("heading", { name: "Invoice/Billing Dashboard" })).toBeVisible();
  const r = b.postgres.receivable.buckets!;
  for (const [bucket, label] of [["CURRENT", "Current"], ["1-30", "1-30 Days"], ["31-60", "31-60 Days"], ["61-90", "61-90 Days"], ["90+", "90+ Days"]]) {
    await expect(card(page, "dashboard-aging", label)).toHaveText(usd(r[bucket]));
  }
  await expect(card(page, "ar-overview", "Outstanding")).toHaveText(usd(b.postgres.receivable.total));
  await expect(card(page, "ar-overview", "Customers")).toHaveText("1");
  await expect(page.getByRole("table")).toContainText(overdueInvoice);
  await shot(page, "money-billing-dashboard");
});

test("a disposal partner hauls a load away, is billed at its price and paid", async ({ page, request }) => {
  const h = auth(tenant.adminToken);
  await open(page, "/app/disposal-partners");
  await page.getByRole("button", { name: "Add Partner" }).click();
  const form = page.getByRole("dialog", { name: "Add Disposal Partner" });
  await form.getByLabel("Name").fill("Salinas Compost Facility");
  await form.getByLabel("Price basis").selectOption("per_ton");
  await form.getByLabel("Price (USD)").fill("42.50");
  await form.getByLabel("Permit or facility number").fill("SWIS 27-AA-0001");
  await form.getByRole("button", { name: "Add Partner" }).click();
  await expect(page.locator("table")).toContainText("Salinas Compost Facility");
  // Edit, disable (the partner leaves the pickers) and enable again.
  const partnerRow = page.locator("table tbody tr", { hasText: "Salinas Compost Facility" });
  await partnerRow.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Disposal Partner" });
  await edit.getByLabel("Contact").fill("Dana Ruiz");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Partner updated successfully!" })).toBeVisible();
  await expect(partnerRow).toContainText("Dana Ruiz");
  await partnerRow.getByRole("button", { name: "Disable" }).click();
  await expect(partnerRow).toContainText("Disabled");
  await partnerRow.getByRole("button", { name: "Enable" }).click();
  await expect(partnerRow).toContainText("Active");

  const partners = (await ok(await request.get("/api/disposal-partners", { headers: h }))).disposal_partners as { id: string; name: string }[];
  const partner = partners.find((p) => p.name === "Salinas Compost Facility")!;
  // The truck leaves with 11,000 lb (5.5 t): at $42.50 a ton the partner is owed $233.75.
  const ticket = await ok(await request.post("/api/tickets", { headers: h, data: {
    is_inbound: false, outbound_ticket_type: "type_2_truck_scale", waste_type: product, destination: "Compost",
    container_type: "Custom Container", gross_weight: 32000, tare_weight: 21000, disposal_partner_id: partner.id,
    vehicle_info: { license_plate: "8ABC123", driver_name: "Rosa Diaz", carrier: "Green Haul Co" } } }));
  const bol = await request.get(`/api/tickets/${ticket.id}/bill-of-lading`, { headers: h });
  expect(bol.status()).toBe(200);
  expect((await bol.body()).subarray(0, 4).toString()).toBe("%PDF");
  let b = books();
  expect(b.postgres.payable.total).toBe("233.75");
  consistent("payable", b);

  await open(page, "/app/bills-payable");
  await expect(page.getByRole("heading", { name: "Bills & A/P" })).toBeVisible();
  await expect(card(page, "ap-aging", "Total Accounts Payable")).toHaveText(usd(b.postgres.payable.total));
  await expect(card(page, "ap-aging", "Current")).toHaveText(usd(b.postgres.payable.buckets!.CURRENT));
  const row = page.locator("table tbody tr", { hasText: ticket.ticket_number });
  await expect(row).toContainText("$233.75");
  await row.getByRole("button", { name: "Pay" }).click();
  const pay = page.getByRole("dialog", { name: /^Pay Salinas Compost Facility/ });
  await expect(pay.getByLabel("Amount (USD)")).toHaveValue("233.75");
  await pay.getByRole("button", { name: "Record Payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment recorded successfully!" })).toBeVisible();
  b = books();
  expect(b.postgres.payable.total).toBe("0.00");
  consistent("payable", b);
  await page.reload();
  await expect(card(page, "ap-aging", "Total Accounts Payable")).toHaveText("$0.00");
  await expect(page.locator("table tbody tr", { hasText: ticket.ticket_number })).toContainText("PAID");
  await shot(page, "money-bills-paid");
});

type StatementFigures = { opening: string; charges: string; credits: string; closing: string; lines: number };

// The mart receivable_activity against Postgres's tables, over the same account and period:
// tests/pipelines/test_money_journey_marts.py (the title's "and the marts" checked there).
test("a customer's statement for a period agrees with Postgres and the marts, on screen and in its PDF", async ({ page }) => {
  const today = books().today;
  const start = addDays(today, -60);
  const truth = JSON.parse(fixture("statement", email(), payee.id, start, today, "--no-marts").split("\n").pop()!) as
    { postgres: StatementFigures; ledger: StatementFigures };
  expect(truth.ledger, "ledger_receivable_activity vs Postgres's tables").toEqual(truth.postgres);
  // What the first journey left on Bayview's account: $123.45 and $75.00 billed, $23.45 and $100.00 paid.
  expect(truth.postgres).toEqual({ opening: "0.00", charges: "198.45", credits: "123.45", closing: "75.00", lines: 4 });

  await open(page, "/app/customer-statements");
  await expect(page.getByRole("heading", { name: "Customer Statements" })).toBeVisible();
  await expect(page.getByText("Choose a customer to see their statement.")).toBeVisible();
  await page.getByLabel("Customer", { exact: true }).selectOption(payee.id);  // shown as "Bayview Grocers (account #)"
  await page.getByLabel("Statement date").fill(today);
  await page.getByLabel("From").fill(start);
  for (const [label, key] of [["Opening balance", "opening"], ["Charges", "charges"], ["Payments", "credits"],
    ["Balance due", "closing"]] as const) {
    await expect(card(page, "statement-totals", label)).toHaveText(usd(truth.postgres[key]));
  }
  const activity = page.getByTestId("statement-lines");
  await expect(activity.locator("tbody tr")).toHaveCount(truth.postgres.lines + 2);  // with the opening and closing rows
  await expect(activity).toContainText(overdueInvoice);
  await expect(activity).toContainText("CHK 1001");
  await expect(activity.locator("tbody tr").last()).toContainText("$75.00");
  const open_ = page.getByTestId("statement-open").locator("tbody tr");
  await expect(open_).toHaveCount(1);
  await expect(open_.first()).toContainText("$75.00");
  await expect(open_.first()).toContainText("CURRENT");
  await expect(card(page, "statement-aging", "Current")).toHaveText("$75.00");
  await expect(card(page, "statement-aging", "1-30 days")).toHaveText("$0.00");
  await shot(page, "money-customer-statement");

  // The same statement as a PDF, read back.
  const [download] = await Promise.all([page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Statement PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`statement_${today}.pdf`);
  const text = fixture("pdf-text", (await download.path())!);
  for (const expected of ["STATEMENT", "Bayview Grocers", overdueInvoice, "Opening balance", "Closing balance",
    "123.45", "23.45", "100.00", "75.00", `${start} to ${today}`]) expect(text).toContain(expected);
});

test("a customer set to monthly billing gets one consolidated invoice for the month's loads", async ({ page, request }) => {
  const h = auth(tenant.adminToken);
  const cafe = await ok(await request.post("/api/inbound/customers", { headers: h, data: { customer_name: "Harbor Cafe", custom_pricing_per_unit: 0.07, default_unit_of_measure: "lb" } }));

  await open(page, "/app/monthly-billing");
  await expect(page.getByRole("heading", { name: "Monthly Billing" })).toBeVisible();
  const cycle = page.getByLabel("Billing for Harbor Cafe");
  await expect(cycle).toHaveValue("per_load");
  await cycle.selectOption("monthly");
  await expect(page.getByRole("status").filter({ hasText: "Harbor Cafe: billed monthly, Net 30" })).toBeVisible();
  await page.getByLabel("Payment terms for Harbor Cafe").selectOption("15");
  await expect(page.getByRole("status").filter({ hasText: "Harbor Cafe: billed monthly, Net 15" })).toBeVisible();
  const saved = (await ok(await request.get("/api/invoices/billing-accounts", { headers: h }))).accounts as
    { customer_id: string; billing_cycle: string; payment_terms: string }[];
  expect(saved.find((a) => a.customer_id === cafe.id)).toMatchObject({ billing_cycle: "monthly", payment_terms: "Net 15" });

  // Two loads of last month ($86.38 and $140.07 at $0.07 a lb) land on one invoice, issued on
  // the month's last day; a load today goes on this month's invoice.
  const today = books().today;
  const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
  const period = `${lastMonthEnd.slice(0, 8)}01`;
  const first = agedLoad(cafe.id, Number(today.slice(8, 10)) + 2, "1234");
  const second = agedLoad(cafe.id, Number(today.slice(8, 10)) + 9, "2001");
  expect(second.invoice, "one consolidated invoice for the month").toBe(first.invoice);
  await ok(await request.post("/api/inbound/tickets", { headers: h, data: { customer1_id: cafe.id, payment_method: "invoice",
    line_items: [{ waste_type: product, quantity: 1500, unit: "lbs" }], gross_weight: 12000, tare_weight: 10500 } }));
  const ledger = JSON.parse(fixture("monthly", email(), cafe.id, period).split("\n").pop()!);
  expect(ledger).toEqual([{ invoice_number: first.invoice, issue_date: lastMonthEnd, amount: "226.45", payment_status: "pending", lines: 2 }]);
  const thisMonth = JSON.parse(fixture("monthly", email(), cafe.id, `${today.slice(0, 8)}01`).split("\n").pop()!);
  expect(thisMonth).toHaveLength(1);
  expect(thisMonth[0]).toMatchObject({ amount: "105.00", lines: 1 });

  // The billing run of last month on screen: the consolidated invoice, as in Postgres.
  await page.reload();
  await page.getByLabel("Billing month").fill(period.slice(0, 7));
  const table = page.locator("table", { has: page.locator("caption", { hasText: "consolidated invoices" }) });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first.invoice);
  await expect(rows.first()).toContainText("Harbor Cafe");
  await expect(rows.first()).toContainText("Net 15");
  await expect(rows.first()).toContainText("$226.45");
  const listed = await ok(await request.get("/api/invoices", { headers: h, params: { billing_period: period, as_of: today } }));
  expect(listed.invoices).toHaveLength(1);
  expect(listed.invoices[0]).toMatchObject({ invoice_number: first.invoice, amount: "226.45", balance: "226.45", issue_date: lastMonthEnd });
  await rows.first().getByRole("button", { name: first.invoice }).click();
  const detail = page.getByRole("dialog", { name: `Invoice ${first.invoice}` });
  await expect(detail).toContainText(first.ticket);
  await expect(detail).toContainText(second.ticket);
  await expect(detail).toContainText("$86.38");
  await expect(detail).toContainText("$140.07");
  await expect(detail.getByTestId("balance-due")).toHaveText("Balance due $226.45");
  await shot(page, "money-monthly-billing");
  await detail.getByRole("button", { name: "Close" }).first().click();

  // This month's invoice so far, to be issued on the month's last day.
  await page.getByLabel("Billing month").fill(today.slice(0, 7));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(thisMonth[0].invoice_number);
  await expect(rows.first()).toContainText("$105.00");
});

test("a truck weighed in empty and out full on In-Progress Outbound is billed to its partner, and voiding it voids the bill", async ({ page, request }) => {
  const h = auth(tenant.adminToken);
  await open(page, "/app/in-progress-outbound");
  await expect(page.getByRole("heading", { name: "In-Progress Outbound" })).toBeVisible();
  await expect(page.getByText("No trucks waiting to be weighed out")).toBeVisible();

  // On the way in: the empty truck, 21,000 lb, for Salinas Compost Facility ($42.50 a ton).
  await page.getByRole("button", { name: "Weigh In Truck" }).click();
  const weighIn = page.getByRole("dialog", { name: "Weigh In Truck" });
  await weighIn.getByLabel("Disposal partner").selectOption({ label: "Salinas Compost Facility" });
  await weighIn.getByLabel("Waste type").selectOption({ label: product });
  await weighIn.getByLabel("Destination").selectOption({ label: "Compost" });
  await weighIn.getByLabel("Truck arrives").selectOption("empty");
  await weighIn.getByLabel("Tare weight (lbs)").fill("21000");
  await weighIn.getByLabel("License plate").fill("7XYZ890");
  await weighIn.getByLabel("Driver name").fill("Sam Lee");
  await weighIn.getByRole("button", { name: "Save Weigh-In" }).click();
  await expect(page.getByRole("status").filter({ hasText: /saved: weighed in empty at 21,000\.0 lbs/ })).toBeVisible();
  const row = page.locator("table tbody tr", { hasText: "Weighed in empty" });
  await expect(row).toContainText("Salinas Compost Facility");
  await expect(row).toContainText("7XYZ890");
  await expect(row).toContainText("21,000.0 lbs");
  await expect(card(page, "outbound-progress", "Trucks on site")).toHaveText("1");
  const saved = (await ok(await request.get("/api/tickets/in-progress", { headers: h }))).saved_tickets as { id: string; ticket_number: string }[];
  expect(saved).toHaveLength(1);
  const ticket = saved[0];

  // On the way out, loaded: 37,000 lb gross, 16,000 lb net (8 t): the partner is owed $340.00.
  await row.getByRole("button", { name: "Weigh Out" }).click();
  const weighOut = page.getByRole("dialog", { name: `Weigh Out ${ticket.ticket_number}` });
  await weighOut.getByLabel("Gross weight (lbs)").fill("20000");
  await expect(weighOut.getByText("Gross weight cannot be less than the tare weight")).toBeVisible();
  await weighOut.getByLabel("Gross weight (lbs)").fill("37000");
  await weighOut.getByRole("button", { name: "Complete Load" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Ticket ${ticket.ticket_number} completed: net 16,000.0 lbs` })).toBeVisible();
  await expect(page.getByText("No trucks waiting to be weighed out")).toBeVisible();
  const bol = await request.get(`/api/tickets/${ticket.id}/bill-of-lading`, { headers: h });
  expect(bol.status()).toBe(200);
  let b = books();
  expect(b.postgres.payable.total).toBe("340.00");
  consistent("payable", b);
  await open(page, "/app/bills-payable");
  await expect(page.locator("table tbody tr", { hasText: ticket.ticket_number })).toContainText("$340.00");
  await expect(card(page, "ap-aging", "Total Accounts Payable")).toHaveText("$340.00");

  // The load was weighed against the wrong partner: voided, its unpaid bill and bill of lading go too.
  await ok(await request.post(`/api/tickets/${ticket.id}/void`, { headers: h, data: { reason: "Wrong partner" } }));
  const gone = await request.get(`/api/tickets/${ticket.id}/bill-of-lading`, { headers: h });
  expect(gone.status()).toBe(404);
  expect((await gone.json()).detail).toBe(`Ticket ${ticket.ticket_number} was voided: its bill of lading BOL-${ticket.ticket_number} is void`);
  b = books();
  expect(b.postgres.payable.total).toBe("0.00");
  consistent("payable", b);
  await page.reload();
  await expect(card(page, "ap-aging", "Total Accounts Payable")).toHaveText("$0.00");
  await expect(page.locator("table tbody tr", { hasText: ticket.ticket_number })).toHaveCount(0);
  await shot(page, "money-bills-after-void");
});
