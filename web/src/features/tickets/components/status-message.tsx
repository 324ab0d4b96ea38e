import { useEffect } from "react";
import { useTranslation } from "@/lib/i18n";

// Status colours of spec 2 s2.6: green with a tick, red with a cross, blue otherwise.
// `toast` draws it inside the viewport (issue 32 point 3): the outcome of Create Ticket or Save
// Draft is seen on a phone however far the operator has scrolled down the form.
export type Status = { tone: "success" | "error" | "info"; text: string; toast?: boolean } | null;

/** How long a success or info toast stays; an error stays until dismissed or replaced. */
export const TOAST_MS = 10_000;

export function StatusMessage({ status, onDismiss }: { status: Status; onDismiss?: () => void }) {
  const { t } = useTranslation();
  const toast = status?.toast === true && onDismiss !== undefined;
  useEffect(() => {
    if (!toast || status?.tone === "error") return;
    const timer = window.setTimeout(() => onDismiss?.(), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [status, toast, onDismiss]);
  if (!status) return null;
  const icon = status.tone === "success" ? "✓" : status.tone === "error" ? "✗" : "";
  return (
    <div className={`ticket-status ticket-status-${status.tone}${toast ? " ticket-status-toast" : ""}`}
      role={status.tone === "error" ? "alert" : "status"} data-testid={toast ? "status-toast" : undefined}>
      <span>
        {icon && <span aria-hidden="true">{icon} </span>}
        {status.text}
      </span>
      {toast && (
        <button type="button" className="ticket-status-dismiss" aria-label={t("common.dismiss")} onClick={onDismiss}>×</button>
      )}
    </div>
  );
}
