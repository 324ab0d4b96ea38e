import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { countQueuedTickets, QUEUE_EVENT } from "@/lib/offline-store";
import { startOfflineSync, syncOfflineTickets } from "../api/sync-offline-tickets";

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => { window.removeEventListener("online", up); window.removeEventListener("offline", down); };
  }, []);
  return online;
}

/** Offline state and the number of tickets waiting on this device, with a Sync button. */
export function OfflineIndicator() {
  const online = useOnline();
  const [queued, setQueued] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const refresh = useCallback(() => void countQueuedTickets().then(setQueued).catch(() => setQueued(0)), []);

  useEffect(() => startOfflineSync(), []);
  useEffect(() => {
    refresh();
    window.addEventListener(QUEUE_EVENT, refresh);
    return () => window.removeEventListener(QUEUE_EVENT, refresh);
  }, [refresh]);

  if (online && queued === 0) return null;
  return (
    <div className={`offline-indicator ${online ? "online" : ""}`} role="status" data-testid="offline-indicator">
      <span>{online ? "Online" : "Offline"} · <span data-testid="queued-count">{queued}</span> ticket{queued === 1 ? "" : "s"} waiting to sync</span>
      <Button size="sm" variant="secondary" disabled={!online || syncing || queued === 0} busy={syncing}
        onClick={async () => { setSyncing(true); await syncOfflineTickets(); setSyncing(false); }}>
        Sync
      </Button>
    </div>
  );
}
