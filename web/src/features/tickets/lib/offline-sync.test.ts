// @vitest-environment node
import { BATCH_SIZE, createSyncer, toOfflineTicket, type BatchResult, type OfflineTicket, type TicketPayload } from "./offline-sync";

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

  it("sends a long queue in batches the server accepts, keeping what an interrupted sync did not send", async () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      toOfflineTicket({ gross_weight: i }, `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`));
    const queue = memoryQueue(many);
    const sizes: number[] = [];
    let calls = 0;
    const postBatch = async (tickets: TicketPayload[]) => {
      calls += 1;
      sizes.push(tickets.length);
      if (calls === 2) throw new Error("connection dropped");
      return { results: tickets.map((t) => ({ client_id: t.client_id, status: "created" as const })) };
    };
    const syncer = createSyncer({ queue, postBatch, isOnline: () => true });
    await expect(syncer.sync()).rejects.toThrow("connection dropped");
    expect(sizes).toEqual([BATCH_SIZE, BATCH_SIZE]);
    expect(queue.map.size).toBe(250 - BATCH_SIZE);
    await syncer.sync();
    expect(sizes.slice(2)).toEqual([BATCH_SIZE, 250 - 2 * BATCH_SIZE]);
    expect(queue.map.size).toBe(0);
  });

  it("uploads the photos of a duplicate (the first answer was lost) and keeps a ticket whose photo failed", async () => {
    const withPhotos = toOfflineTicket({ gross_weight: 5 }, "44444444-4444-4444-8444-444444444444", [{ kind: "gross", data: "data:y" }]);
    const queue = memoryQueue([withPhotos]);
    const uploadImages = vi.fn(async (): Promise<void> => Promise.reject(new Error("dropped")));
    const duplicate = { results: [{ client_id: withPhotos.id, status: "duplicate" as const, ticket: { id: "t7", ticket_number: "T-7" } }] };
    const syncer = createSyncer({ queue, uploadImages, isOnline: () => true, postBatch: async () => duplicate });
    await syncer.sync();
    expect(uploadImages).toHaveBeenCalledWith("t7", [{ kind: "gross", data: "data:y" }]);
    expect(queue.map.size).toBe(1);
    uploadImages.mockImplementation(async () => undefined);
    await syncer.sync();
    expect(queue.map.size).toBe(0);
  });
});
