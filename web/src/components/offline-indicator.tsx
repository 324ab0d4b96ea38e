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

/** Bottom-left: Online / Offline Mode, tickets queued on this device, and Sync (spec 1 section 2). */
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
  return (
    <aside className={`offline-indicator ${online ? "is-online" : "is-offline"}`} aria-live="polite" data-testid="offline-indicator">
      <span className="status-dot" aria-hidden="true" />
      <div>
        <strong>{online ? t("offline.online") : t("offline.offline")}</strong>
        <span className="small">{t("offline.stored", { count: queued, replace: { count: formatCount(queued) } })}</span>
        {!online && <span className="small muted">{t("offline.stillWorks")}</span>}
      </div>
      {queued > 0 && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={sync} disabled={!online || syncing}>
          {syncing ? t("offline.syncing") : t("offline.sync")}
        </button>
      )}
    </aside>
  );
}
