import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { preloadRoute } from "@/app/preload";
import { queryClient } from "@/lib/query-client";
import { prefetchSession } from "@/lib/session";
import { registerServiceWorker } from "@/features/tickets/offline/register-service-worker";
import "@/styles/app.css";
import "@/styles/landing.css";

registerServiceWorker();
// Before the first render: the session call and the route's chunks go out together.
prefetchSession(queryClient);
preloadRoute(window.location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
