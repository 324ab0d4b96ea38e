import { startOfflineSync, syncOfflineTickets } from "../api/sync-offline-tickets";

const SYNC_MESSAGE = "SYNC_OFFLINE_TICKETS";

/**
 * Registers /sw.js (production builds only: the dev server serves modules the worker must not
 * cache) and starts the offline ticket sync: at start, on `online` and on the worker's request.
 * main.tsx loads this module after the first render: none of it is needed to paint a screen.
 */
export function registerServiceWorker(): void {
  startOfflineSync();
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === SYNC_MESSAGE) void syncOfflineTickets();
  });
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  // Loaded lazily (main.tsx), this may run after the page's load event: then register at once.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
