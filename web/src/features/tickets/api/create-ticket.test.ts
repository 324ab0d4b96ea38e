import { listQueuedTickets, deleteQueuedTicket } from "@/lib/offline-store";
import { submitTicket } from "./create-ticket";
import { syncOfflineTickets } from "./sync-offline-tickets";

const payload = {
  outbound_ticket_type: "type_1_container" as const, waste_type: "Food Waste", destination: "Compost",
  container_type: "Slim Jim 23 (23gal)", gross_weight: 20,
};

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
}

describe("offline tickets", () => {
  beforeEach(async () => {
    for (const t of await listQueuedTickets()) await deleteQueuedTicket(t.id);
    setOnline(true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("queues a ticket made offline with its client id and never calls the server", async () => {
    setOnline(false);
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const result = await submitTicket(payload);
    expect(result.kind).toBe("queued");
    const queued = await listQueuedTickets();
    expect(queued).toHaveLength(1);
    expect((queued[0].payload as { client_id: string }).client_id).toBe(queued[0].id);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("queues a ticket whose POST fails with a network error, with the id of that attempt", async () => {
    const bodies: { client_id: string }[] = [];
    vi.stubGlobal("fetch", vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      throw new TypeError("Failed to fetch");
    }));
    const result = await submitTicket(payload);
    expect(result.kind).toBe("queued");
    const queued = await listQueuedTickets();
    expect(queued.map((q) => q.id)).toEqual([bodies[0].client_id]);
  });

  it("sync sends the queue in one batch and forgets only what the server confirmed", async () => {
    setOnline(false);
    await submitTicket(payload);
    await submitTicket({ ...payload, gross_weight: 30 });
    setOnline(true);
    const [a, b] = await listQueuedTickets();
    const batch = vi.fn(async (_url: string, init: RequestInit) => {
      const sent = JSON.parse(String(init.body)).tickets as { client_id: string }[];
      expect(sent.map((t) => t.client_id).sort()).toEqual([a.id, b.id].sort());
      return new Response(JSON.stringify({
        results: [
          { client_id: a.id, status: "created", ticket: { id: "t1", ticket_number: "T-1" } },
          { client_id: b.id, status: "error", detail: "Unknown waste type", status_code: 422 },
        ],
        created: 1, duplicates: 0, errors: 1,
      }), { status: 200, headers: { "Content-Type": "application/json" } });
    });
    vi.stubGlobal("fetch", batch);
    await syncOfflineTickets();
    expect(batch).toHaveBeenCalledTimes(1);
    expect((await listQueuedTickets()).map((q) => q.id)).toEqual([b.id]);
  });
});
