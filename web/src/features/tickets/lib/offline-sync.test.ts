import { createSyncer, toOfflineTicket, type BatchResult, type OfflineTicket, type TicketPayload } from "./offline-sync";

function memoryQueue(items: OfflineTicket[]) {
  const map = new Map(items.map((i) => [i.id, i]));
  return { map, list: async () => [...map.values()], remove: async (id: string) => void map.delete(id) };
}

describe("offline sync", () => {
  const a = toOfflineTicket({ gross_weight: 10 }, "11111111-1111-4111-8111-111111111111");
  const b = toOfflineTicket({ gross_weight: 20 }, "22222222-2222-4222-8222-222222222222");

  it("stamps the client id and weighing time before the first attempt", () => {
    expect(a.payload.client_id).toBe(a.id);
    expect(typeof a.payload.ticket_at).toBe("string");
  });

  it("is skipped while offline", async () => {
    const queue = memoryQueue([a]);
    const postBatch = vi.fn();
    const out = await createSyncer({ queue, postBatch, isOnline: () => false }).sync();
    expect(out).toEqual({ skipped: "offline" });
    expect(postBatch).not.toHaveBeenCalled();
  });

  it("removes only the tickets the server confirmed", async () => {
    const queue = memoryQueue([a, b]);
    const results: BatchResult[] = [
      { client_id: a.id, status: "created", ticket: { id: "t1", ticket_number: "T-1" } },
      { client_id: b.id, status: "error", detail: "bad", status_code: 422 },
    ];
    const out = await createSyncer({ queue, postBatch: async () => ({ results }), isOnline: () => true }).sync();
    expect(out).toMatchObject({ sent: 2, confirmed: 1 });
    expect([...queue.map.keys()]).toEqual([b.id]);
  });

  it("treats a duplicate as confirmed (the server already has it)", async () => {
    const queue = memoryQueue([a]);
    await createSyncer({ queue, postBatch: async () => ({ results: [{ client_id: a.id, status: "duplicate" }] }), isOnline: () => true }).sync();
    expect(queue.map.size).toBe(0);
  });

  it("keeps everything when the batch call fails, and runs one sync at a time", async () => {
    const queue = memoryQueue([a, b]);
    let release: (v: { results: BatchResult[] }) => void = () => undefined;
    const pending = new Promise<{ results: BatchResult[] }>((r) => (release = r));
    const syncer = createSyncer({ queue, postBatch: (_t: TicketPayload[]) => pending, isOnline: () => true });
    const first = syncer.sync();
    await Promise.resolve();
    expect(await syncer.sync()).toEqual({ skipped: "busy" });
    release({ results: [] });
    await first;
    expect(queue.map.size).toBe(2);

    const failing = createSyncer({ queue, postBatch: async () => Promise.reject(new Error("net")), isOnline: () => true });
    await expect(failing.sync()).rejects.toThrow("net");
    expect(queue.map.size).toBe(2);
    expect(failing.isSyncing()).toBe(false);
  });

  it("uploads extra photos of a created ticket before forgetting it", async () => {
    const withPhotos = toOfflineTicket({ gross_weight: 5 }, "33333333-3333-4333-8333-333333333333", [{ kind: "tare", data: "data:x" }]);
    const queue = memoryQueue([withPhotos]);
    const uploadImages = vi.fn(async () => undefined);
    await createSyncer({
      queue, uploadImages, isOnline: () => true,
      postBatch: async () => ({ results: [{ client_id: withPhotos.id, status: "created", ticket: { id: "t9", ticket_number: "T-9" } }] }),
    }).sync();
    expect(uploadImages).toHaveBeenCalledWith("t9", [{ kind: "tare", data: "data:x" }]);
    expect(queue.map.size).toBe(0);
  });
});
