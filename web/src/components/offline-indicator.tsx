import { useCallback, useEffect, useState } from "react";
import { formatCount } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { countQueuedTickets, QUEUE_EVENT, runSync } from "@/lib/offline-store";

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, []);
  return online;
}

/** Bottom-left chip: Online / Offline Mode, tickets queued on this device, and Sync (spec 1 section 2). */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const online = useOnline();
  const [queued, setQueued] = useState(0);
  const [syncing, setSyncing] = useState(false);

  const reload = useCallback(() => {
    countQueuedTickets().then(setQueued, (err) => console.warn("Offline queue count failed", err));
  }, []);
  useEffect(() => {
    reload();
    window.addEventListener(QUEUE_EVENT, reload);
    return () => window.removeEventListener(QUEUE_EVENT, reload);
  }, [reload]);
  useEffect(reload, [online, reload]);

  const sync = async () => {
    if (syncing || !online) return;
    setSyncing(true);
    try {
      await runSync();
    } catch (err) {
      console.warn("Offline sync failed", err);
    } finally {
      setSyncing(false);
      reload();
    }
  };

  if (online && queued === 0) return null;
  // A compact chip (issue 32 point 3): one short line out of the form's way on a phone; the
  // full sentences stay for screen readers and as the chip's tooltip.
  const stored = t("offline.stored", { count: queued, replace: { count: formatCount(queued) } });
  const label = online ? t("offline.online") : t("offline.offline");
  return (
    <aside className={`offline-indicator ${online ? "is-online" : "is-offline"}`} aria-live="polite" data-testid="offline-indicator"
      title={online ? stored : `${stored} ${t("offline.stillWorks")}`}>
      <span className="status-dot" aria-hidden="true" />
      <strong>{label}</strong>
      {queued > 0 && <span className="offline-count" aria-hidden="true">{formatCount(queued)}</span>}
      <span className="sr-only">{stored}{!online && ` ${t("offline.stillWorks")}`}</span>
      {queued > 0 && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={sync} disabled={!online || syncing}>
          {syncing ? t("offline.syncing") : t("offline.sync")}
        </button>
      )}
    </aside>
  );
}
