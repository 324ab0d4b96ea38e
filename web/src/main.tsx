import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { preloadRoute } from "@/app/preload";
import { queryClient } from "@/lib/query-client";
import { prefetchSession } from "@/lib/session";
import "@/styles/app.css";
import "@/styles/landing.css";

// Before the first render: the session call and the route's chunks go out together.
prefetchSession(queryClient);
// A deep link renders once its screen's chunks are in memory (app.html fetched them beside this
// one), so the first paint is the screen, not a spinner; other pages render at once.
void preloadRoute(window.location.pathname).then(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The offline ticket sync and the service worker: code the first paint does not need, fetched
  // once the screen is drawing (the service worker keeps it for offline starts, as every chunk).
  import("@/features/tickets/offline/register-service-worker").then(
    (m) => m.registerServiceWorker(),
    (err) => console.warn("Offline sync not started", err),
  );
});
