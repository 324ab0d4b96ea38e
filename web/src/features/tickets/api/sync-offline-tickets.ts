import { api } from "@/lib/api-client";
import { announceQueueChange, deleteQueuedTicket, listQueuedTickets, registerSync } from "@/lib/offline-store";
import { notify } from "@/lib/notify";
import { queryClient } from "@/lib/query-client";
import { createSyncer, type BatchResult, type TicketPayload } from "../lib/offline-sync";
import { uploadTicketImages } from "./upload-ticket-images";

const BATCH_TIMEOUT_MS = 60_000;

const syncer = createSyncer({
  queue: { list: listQueuedTickets, remove: deleteQueuedTicket },
  // A call that hangs (a dead link, a server restarting) is given up after 60 s; the queue stays.
  postBatch: (tickets: TicketPayload[]) =>
    api.post<{ results: BatchResult[] }>("/api/tickets/batch", { tickets }, { signal: AbortSignal.timeout(BATCH_TIMEOUT_MS) }),
  uploadImages: uploadTicketImages,
  isOnline: () => navigator.onLine !== false,
});

/** Sends the offline queue; errors leave the queue as it was for the next attempt. */
export async function syncOfflineTickets(): Promise<void> {
  try {
    const out = await syncer.sync();
    if ("sent" in out) {
      if (out.confirmed) {
        notify({ kind: "success", message: `${out.confirmed} offline ticket${out.confirmed === 1 ? "" : "s"} synced` });
        await queryClient.invalidateQueries({ queryKey: ["tickets"] });
      }
      if (out.rejected.length) {
        notify({ kind: "error", message: `${out.rejected.length} offline ticket(s) were refused: ${out.rejected[0].detail ?? "invalid"}` }, 8000);
      }
    }
  } catch {
    // The connection dropped mid-sync; the next online event or Sync press tries again.
  } finally {
    announceQueueChange();
  }
}

let started = false;

/**
 * Registers the Sync button's action, syncs now and whenever the browser comes back online.
 * Safe to call from many screens: the listener is installed once for the page's life.
 */
export function startOfflineSync(): () => void {
  if (!started) {
    started = true;
    registerSync(syncOfflineTickets);
    window.addEventListener("online", () => void syncOfflineTickets());
  }
  void syncOfflineTickets();
  return () => undefined;
}
