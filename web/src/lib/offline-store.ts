import type { DBSchema, IDBPDatabase } from "idb";

// Offline tickets live in IndexedDB `flow-offline` v1, store `tickets` (spec 1 / DESIGN.md).
export const OFFLINE_DB = "flow-offline";
export const OFFLINE_VERSION = 1;
export const TICKETS_STORE = "tickets";

export interface QueuedTicket {
  /** Client-generated id (the key). */
  id: string;
  [field: string]: unknown;
}

interface OfflineSchema extends DBSchema {
  tickets: { key: string; value: QueuedTicket };
}

let dbPromise: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function openOfflineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  if (!dbPromise) {
    // idb is loaded on first use, not with the first paint (the service worker keeps its chunk
    // for offline starts, as every chunk); a failed load is forgotten so the next call retries.
    dbPromise = import("idb").then(({ openDB }) =>
      openDB<OfflineSchema>(OFFLINE_DB, OFFLINE_VERSION, {
        upgrade(db) {
          if (!db.objectStoreNames.contains(TICKETS_STORE)) {
            db.createObjectStore(TICKETS_STORE, { keyPath: "id" });
          }
        },
      }),
    );
    dbPromise.catch(() => (dbPromise = null));
  }
  return dbPromise;
}

export async function countQueuedTickets(): Promise<number> {
  if (typeof indexedDB === "undefined") return 0;
  return (await openOfflineDb()).count(TICKETS_STORE);
}

export async function listQueuedTickets(): Promise<QueuedTicket[]> {
  return (await openOfflineDb()).getAll(TICKETS_STORE);
}

export async function putQueuedTicket(ticket: QueuedTicket): Promise<void> {
  await (await openOfflineDb()).put(TICKETS_STORE, ticket);
  announceQueueChange();
}

export async function deleteQueuedTicket(id: string): Promise<void> {
  await (await openOfflineDb()).delete(TICKETS_STORE, id);
  announceQueueChange();
}

// The queue changes from several places (ticket form, sync); the indicator listens to this.
export const QUEUE_EVENT = "flow-offline-queue-changed";

export function announceQueueChange(): void {
  window.dispatchEvent(new Event(QUEUE_EVENT));
}

/** Sends the queued tickets; the tickets feature registers the real implementation. */
export type SyncQueued = () => Promise<void>;
let syncQueued: SyncQueued | null = null;

export function registerSync(fn: SyncQueued): () => void {
  syncQueued = fn;
  return () => {
    if (syncQueued === fn) syncQueued = null;
  };
}

export async function runSync(): Promise<boolean> {
  if (!syncQueued) return false;
  await syncQueued();
  announceQueueChange();
  return true;
}
