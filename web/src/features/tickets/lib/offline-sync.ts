// Offline tickets: queued with a client id made before the first attempt, sent in batches of
// at most BATCH_SIZE (the server takes up to 500 per call), removed only once the server confirms
// them (created or duplicate) and their extra photos are stored.
import type { QueuedTicket } from "@/lib/offline-store";

export type TicketPayload = Record<string, unknown> & { client_id: string };

export type ExtraImage = { kind: "gross" | "tare" | "additional"; data: string };

export type OfflineTicket = QueuedTicket & {
  id: string;
  payload: TicketPayload;
  /** Images beyond the payload's image_data, uploaded after the ticket exists. */
  extra_images: ExtraImage[];
  queued_at: string;
};

export type BatchResult = {
  client_id: string | null;
  status: "created" | "duplicate" | "error";
  ticket?: { id: string; ticket_number: string } | null;
  detail?: string | null;
  status_code?: number | null;
};

export type QueueBackend = {
  list(): Promise<QueuedTicket[]>;
  remove(id: string): Promise<void>;
};

export type SyncDeps = {
  queue: QueueBackend;
  postBatch(tickets: TicketPayload[]): Promise<{ results: BatchResult[] }>;
  uploadImages?(ticketId: string, images: ExtraImage[]): Promise<void>;
  isOnline(): boolean;
};

/** Tickets per batch call: under the server's 200, small enough to finish on a slow link. */
export const BATCH_SIZE = 100;

export type SyncOutcome =
  | { skipped: "offline" | "busy" | "empty" }
  | { sent: number; confirmed: number; rejected: BatchResult[] };

export function newClientId(): string {
  return crypto.randomUUID();
}

export function toOfflineTicket(payload: Omit<TicketPayload, "client_id">, clientId: string, extra: ExtraImage[] = [], now = new Date()): OfflineTicket {
  return {
    id: clientId,
    payload: { ...payload, client_id: clientId, ticket_at: (payload.ticket_at as string | undefined) ?? now.toISOString() },
    extra_images: extra,
    queued_at: now.toISOString(),
  };
}

/** One sync at a time; skipped while offline. Rejected tickets (4xx) stay queued for a look. */
export function createSyncer(deps: SyncDeps) {
  let syncing = false;
  return {
    isSyncing: () => syncing,
    async sync(): Promise<SyncOutcome> {
      if (!deps.isOnline()) return { skipped: "offline" };
      if (syncing) return { skipped: "busy" };
      syncing = true;
      try {
        const queued = (await deps.queue.list()) as OfflineTicket[];
        if (queued.length === 0) return { skipped: "empty" };
        let confirmed = 0;
        const rejected: BatchResult[] = [];
        for (let start = 0; start < queued.length; start += BATCH_SIZE) {
          const chunk = queued.slice(start, start + BATCH_SIZE);
          // A failed call throws: what earlier batches confirmed is already off the queue.
          const { results } = await deps.postBatch(chunk.map((q) => q.payload));
          for (const result of results) {
            const item = chunk.find((q) => q.id === result.client_id);
            if (!item) continue;
            if (result.status === "created" || result.status === "duplicate") {
              if (result.ticket && item.extra_images?.length && deps.uploadImages) {
                // A duplicate too: the answer that created it may have been lost with its photos.
                // The photo call is idempotent (same photo, same image); if it fails the ticket
                // stays queued, and the next sync finds it as a duplicate and tries again.
                const stored = await deps.uploadImages(result.ticket.id, item.extra_images).then(() => true, () => false);
                if (!stored) continue;
              }
              await deps.queue.remove(item.id);
              confirmed += 1;
            } else {
              rejected.push(result);
            }
          }
        }
        return { sent: queued.length, confirmed, rejected };
      } finally {
        syncing = false;
      }
    },
  };
}
