import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { registerServiceWorker } from "@/features/tickets/offline/register-service-worker";
import "@/styles/app.css";
import "@/styles/landing.css";

registerServiceWorker();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
