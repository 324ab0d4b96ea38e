import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Hide the × button (e.g. while a request is in flight). */
  locked?: boolean;
  /** The × button's name, in the screen's language (the landing page carries no catalogue). */
  closeLabel?: string;
}

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])";

/** Tab past the dialog's last control comes back to its first (Shift+Tab the other way round):
 * a native modal dialog lets focus leave to the browser's own controls, so a keyboard user who
 * tabs past a short form (the PIN dialog, its button disabled until four digits) lands nowhere. */
function wrapFocus(e: KeyboardEvent<HTMLDialogElement>): void {
  if (e.key !== "Tab") return;
  const controls = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.matches(":disabled") && el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
  if (!controls.length) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === e.currentTarget)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

// A native <dialog> gives Escape, the top layer and an inert page behind it; Tab wraps inside it.
export function Modal({ open, title, onClose, children, footer, size = "md", locked, closeLabel = "Close" }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      onKeyDown={wrapFocus}
      onCancel={(e) => {
        e.preventDefault();
        if (!locked) onClose();
      }}
    >
      <div className="modal-header">
        <h2 id={titleId}>{title}</h2>
        {!locked && (
          <button type="button" className="icon-btn" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        )}
      </div>
      <div className="modal-body">{children}</div>
      {footer && <div className="modal-footer">{footer}</div>}
    </dialog>
  );
}
