import { randomUUID } from "node:crypto";
import { expect, test } from "./harness";
import { auth, listTickets, newTenant } from "./ticket-support";

// Issue 30: a list never stops short. 1,000 outbound tickets (two offline-sync batches of 500,
// weighed over the last 20 days); Outbound Tickets pages to the last of them, the page is in the
// URL (a reload returns to it), and the oldest ticket opens.

test("Outbound Tickets pages to the last of 1,000 tickets and opens it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tenant = await newTenant(request, "paging");
  const now = Date.now();
  for (let batch = 0; batch < 2; batch++) {
    const tickets = Array.from({ length: 500 }, (_, i) => {
      const n = batch * 500 + i; // n = 0 is the oldest
      return {
        client_id: randomUUID(), waste_type: "Food Waste", destination: "Compost", container_type: "Slim Jim 23 (23gal)",
        gross_weight: 40 + (n % 50),
        ticket_at: new Date(now - (20 * 24 * 3600 * 1000) + n * 60_000).toISOString(),
      };
    });
    const res = await request.post("/api/tickets/batch", { headers: auth(tenant.adminToken), data: { tickets }, timeout: 60_000 });
    expect(res.ok(), await res.text()).toBeTruthy();
    const body = await res.json();
    expect(body.created, JSON.stringify(body.results.find((r: { status: string }) => r.status !== "created"))).toBe(500);
  }
  const oldest = (await listTickets(request, tenant.adminToken, "&sort_order=asc")).at(0)!;

  await page.addInitScript((value) => window.localStorage.setItem("token", value), tenant.adminToken);
  await page.goto("/app/tickets?size=50");
  const range = page.getByTestId("page-range");
  await expect(range).toHaveText("1–50 of 1,000", { timeout: 15_000 });
  await page.getByRole("button", { name: "Next" }).click();
  await expect(range).toHaveText("51–100 of 1,000", { timeout: 10_000 });
  await page.getByRole("button", { name: "Last" }).click();
  await expect(range).toHaveText("951–1,000 of 1,000", { timeout: 10_000 });
  await expect(page).toHaveURL(/[?&]page=20\b/);

  await page.reload();
  await expect(range).toHaveText("951–1,000 of 1,000", { timeout: 15_000 });
  await page.goBack();
  await expect(range).toHaveText("51–100 of 1,000", { timeout: 10_000 });
  await page.goForward();
  await expect(range).toHaveText("951–1,000 of 1,000", { timeout: 10_000 });

  const last = page.locator("tbody tr").last();
  await expect(last.getByRole("button", { name: oldest.ticket_number })).toBeVisible({ timeout: 5_000 });
  await last.getByRole("button", { name: oldest.ticket_number }).click();
  await expect(page.getByRole("dialog").getByText(oldest.ticket_number).first()).toBeVisible({ timeout: 10_000 });
});
