import { expect, test } from "./harness";
import { listTickets, newTenant, phone, type Tenant } from "./ticket-support";

// Offline tickets against the real API: two tickets made with no connection wait in IndexedDB
// (flow-offline / tickets) with their client ids, the indicator counts them, and when the
// browser is back online the sync sends them once: exactly two new tickets, none twice.
test.use({ viewport: phone, serviceWorkers: "allow" });
test.describe.configure({ mode: "serial" });

let tenant: Tenant;

test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "offline");
});

async function queuedInBrowser(page: import("@playwright/test").Page): Promise<{ id: string; client_id: string }[]> {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open("flow-offline", 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction("tickets").objectStore("tickets").getAll();
      all.onsuccess = () => resolve(all.result.map((t: { id: string; payload: { client_id: string } }) => ({ id: t.id, client_id: t.payload.client_id })));
      all.onerror = () => reject(all.error);
    };
  }));
}

test("two tickets made offline are synced exactly once when the connection returns", async ({ page, context, request }) => {
  const before = await listTickets(request, tenant.adminToken);
  await page.addInitScript((t) => window.localStorage.setItem("token", t), tenant.adminToken);
  await page.goto("/app/outbound-scale");
  await expect(page.getByRole("heading", { name: "Outbound Ticket Creation" })).toBeVisible();
  // Let the service worker take control so the shell is cached for an offline reload.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null || false, null, { timeout: 20_000 }).catch(() => page.reload());
  await expect(page.getByRole("heading", { name: "Outbound Ticket Creation" })).toBeVisible();

  await context.setOffline(true);
  for (const gross of ["40.5", "55"]) {
    await page.getByLabel("Gross weight (lbs)").fill(gross);
    await page.getByRole("button", { name: "Create Ticket" }).click();
    await expect(page.getByRole("heading", { name: "Saved on this device" })).toBeVisible();
    await page.getByRole("button", { name: "Create Another Ticket" }).click();
  }
  const indicator = page.getByTestId("offline-indicator");
  await expect(indicator).toContainText("Offline Mode");
  await expect(indicator).toContainText("2 tickets stored on this device");
  await expect(indicator.getByRole("button", { name: "Sync" })).toBeDisabled();
  const queued = await queuedInBrowser(page);
  expect(queued).toHaveLength(2);
  expect(new Set(queued.map((q) => q.client_id)).size).toBe(2);
  expect((await listTickets(request, tenant.adminToken)).length).toBe(before.length);

  // A reload with no connection still opens the app from the service worker's shell.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Outbound Ticket Creation" })).toBeVisible();
  await expect(indicator).toContainText("2 tickets stored on this device");

  await context.setOffline(false);
  await expect(indicator).toHaveCount(0, { timeout: 30_000 });
  expect(await queuedInBrowser(page)).toHaveLength(0);

  const after = await listTickets(request, tenant.adminToken);
  const fresh = after.filter((t) => !before.some((b) => b.id === t.id));
  expect(fresh).toHaveLength(2);
  expect(fresh.map((t) => t.client_id).sort()).toEqual(queued.map((q) => q.client_id).sort());
  expect(fresh.map((t) => t.gross_weight).sort((a, b) => a - b)).toEqual([40.5, 55]);

  // Pressing Sync again (or another online event) never sends them twice.
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await page.waitForTimeout(500);
  expect((await listTickets(request, tenant.adminToken)).length).toBe(before.length + 2);
});
