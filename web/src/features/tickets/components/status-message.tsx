// Status colours of spec 2 s2.6: green with a tick, red with a cross, blue otherwise.
export type Status = { tone: "success" | "error" | "info"; text: string } | null;

export function StatusMessage({ status }: { status: Status }) {
  if (!status) return null;
  const icon = status.tone === "success" ? "✓" : status.tone === "error" ? "✗" : "";
  return (
    <div className={`ticket-status ticket-status-${status.tone}`} role={status.tone === "error" ? "alert" : "status"}>
      {icon && <span aria-hidden="true">{icon} </span>}
      {status.text}
    </div>
  );
}
