import { describe, expect, it } from "vitest";
import { countQueuedTickets, deleteQueuedTicket, listQueuedTickets, putQueuedTicket, registerSync, runSync } from "./offline-store";

describe("offline ticket store (flow-offline / tickets)", () => {
  it("puts, counts, lists and deletes queued tickets", async () => {
    await putQueuedTicket({ id: "a", net_weight: "12.5" });
    await putQueuedTicket({ id: "b", net_weight: "3" });
    expect(await countQueuedTickets()).toBe(2);
    expect((await listQueuedTickets()).map((t) => t.id).sort()).toEqual(["a", "b"]);
    await deleteQueuedTicket("a");
    expect(await countQueuedTickets()).toBe(1);
  });

  it("runs the registered sync and reports when none is registered", async () => {
    expect(await runSync()).toBe(false);
    let ran = 0;
    const unregister = registerSync(async () => { ran += 1; });
    expect(await runSync()).toBe(true);
    expect(ran).toBe(1);
    unregister();
    expect(await runSync()).toBe(false);
  });
});
