/** A failed long action's reason, next to its button (an alert: read out when it appears). */
export function BusyError({ message, onDismiss }: { message: string | null | undefined; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <p className="busy-error alert alert-error" role="alert">
      {message}
      {onDismiss && <button type="button" className="btn btn-link btn-sm" onClick={onDismiss}>Dismiss</button>}
    </p>
  );
}
