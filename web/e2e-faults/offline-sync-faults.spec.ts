import { expect, test, type Page } from "../e2e/harness";

// A device with FAULT_TICKETS tickets in its offline queue (IndexedDB flow-offline/tickets, the
// records the scale screen writes) syncs them through a proxy that loses answers, cuts requests
// and holds answers past the client's time-out, while the API is killed and restarted
// (tests/e2e/test_offline_faults.py does both and checks the server afterwards).
const count = Number(process.env.FAULT_TICKETS ?? "0");
const token = process.env.FAULT_TOKEN ?? "";
const photoEvery = Number(process.env.FAULT_PHOTO_EVERY ?? "10");
const photo = process.env.FAULT_PHOTO ?? "";

async function queued(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const open = indexedDB.open("flow-offline", 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction("tickets").objectStore("tickets").count();
      req.onsuccess = () => { resolve(req.result); open.result.close(); };
      req.onerror = () => reject(req.error);
    };
  }));
}

test("a long offline queue reaches the server exactly once through faults", async ({ page }) => {
  expect(count, "FAULT_TICKETS and FAULT_TOKEN come from tests/e2e/test_offline_faults.py").toBeGreaterThan(0);
  await page.addInitScript((t) => window.localStorage.setItem("token", t), token);
  // Queue first, with the app not yet running its sync: open a page of the origin that does not
  // start the app (the API's JSON), write the queue there, then open the scale screen.
  await page.goto("/api/healthz");
  await page.evaluate(async ({ count, photoEvery, photo }) => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open("flow-offline", 1);
      open.onupgradeneeded = () => open.result.createObjectStore("tickets", { keyPath: "id" });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction("tickets", "readwrite");
    const store = tx.objectStore("tickets");
    const start = Date.now() - count * 1000;
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      const payload: Record<string, unknown> = {
        is_inbound: false, outbound_ticket_type: "type_1_container", waste_type: "Food Waste", destination: "Compost",
        container_type: "Slim Jim 23 (23gal)", gross_weight: 20 + (i % 50), client_id: id,
        ticket_at: new Date(start + i * 1000).toISOString(), internal_notes: `device ${i}`,
      };
      if (i % photoEvery === 0) payload.image_data = photo;
      store.put({ id, payload, extra_images: [], queued_at: new Date().toISOString() });
    }
    await new Promise<void>((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); });
    db.close();
  }, { count, photoEvery, photo });
  expect(await queued(page)).toBe(count);

  await page.goto("/app/outbound-scale");
  await expect(page.getByRole("heading", { name: "Outbound Ticket Creation" })).toBeVisible({ timeout: 60_000 });
  // The app syncs on start and when it comes online; a user presses Sync after a failure.
  const deadline = Date.now() + 4 * 60_000;
  let left = await queued(page);
  while (left > 0) {
    expect(Date.now() < deadline, `${left} tickets still queued at ${page.url()}`).toBe(true);
    // Each look is bounded: the last batch can empty the queue between the count above and this
    // line, and the indicator (with its button) then leaves the page; an unbounded isEnabled or
    // click would wait for it until the test's time-out.
    const sync = page.getByTestId("offline-indicator").getByRole("button", { name: "Sync" });
    if (await sync.isEnabled({ timeout: 1_000 }).catch(() => false)) await sync.click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForTimeout(2_000);
    left = await queued(page);
  }
  await expect(page.getByTestId("offline-indicator")).toHaveCount(0, { timeout: 30_000 });
});
