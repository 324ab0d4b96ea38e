import { afterEach, describe, expect, it, vi } from "vitest";

// main.tsx loads this module after the first render, which on a fast page can be after `load`:
// the worker must be registered either way, and the offline sync started at once.
const sync = vi.hoisted(() => ({ start: vi.fn(), now: vi.fn() }));
vi.mock("../api/sync-offline-tickets", () => ({ startOfflineSync: sync.start, syncOfflineTickets: sync.now }));

const { registerServiceWorker } = await import("./register-service-worker");

function stubWorker() {
  const worker = { register: vi.fn(async () => ({})), addEventListener: vi.fn() };
  Object.defineProperty(navigator, "serviceWorker", { value: worker, configurable: true });
  return worker;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  sync.start.mockClear();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("registerServiceWorker (loaded after the first render)", () => {
  it("registers /sw.js at once when the page has already loaded", () => {
    vi.stubEnv("PROD", true);
    const worker = stubWorker();
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    registerServiceWorker();
    expect(sync.start).toHaveBeenCalledTimes(1);
    expect(worker.register).toHaveBeenCalledWith("/sw.js");
    expect(worker.addEventListener).toHaveBeenCalledWith("message", expect.any(Function));
  });

  it("waits for the load event while the page is still loading", () => {
    vi.stubEnv("PROD", true);
    const worker = stubWorker();
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    registerServiceWorker();
    expect(worker.register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("load"));
    expect(worker.register).toHaveBeenCalledTimes(1);
  });

  it("relays the worker's sync request to the offline sync", () => {
    vi.stubEnv("PROD", true);
    const worker = stubWorker();
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    registerServiceWorker();
    const onMessage = worker.addEventListener.mock.calls[0][1] as (e: { data: unknown }) => void;
    onMessage({ data: { type: "SYNC_OFFLINE_TICKETS" } });
    expect(sync.now).toHaveBeenCalledTimes(1);
  });

  it("starts only the sync in a dev build (no worker there)", () => {
    vi.stubEnv("PROD", false);
    const worker = stubWorker();
    registerServiceWorker();
    expect(sync.start).toHaveBeenCalledTimes(1);
    expect(worker.register).not.toHaveBeenCalled();
  });
});
