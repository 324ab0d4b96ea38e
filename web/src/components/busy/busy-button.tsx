import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { useBusyAction, type OnProgress } from "@/lib/use-busy-action";
import { BusyError } from "./busy-error";

/**
 * A button for one long action (a PDF, an export, a report): disabled with a spinner and
 * "Preparing…" (with progress when known) while it runs, and the failure in view beside it.
 */
export function BusyButton({ action, failure, children, variant = "secondary", onDone, ...rest }: Omit<ButtonProps, "onClick" | "busy" | "busyLabel"> & {
  action: (onProgress: OnProgress) => Promise<unknown>;
  /** The first words of the error shown when it fails, e.g. "The PDF could not be made." */
  failure?: string;
  onDone?: () => void;
  children: ReactNode;
}) {
  const { busy, label, error, run, clearError } = useBusyAction();
  return (
    <span className="busy-action">
      <Button variant={variant} {...rest} busy={busy !== null} busyLabel={label}
        onClick={() => void run("one", async (p) => { await action(p); return true; }, failure).then((ok) => { if (ok) onDone?.(); })}>
        {children}
      </Button>
      <BusyError message={error?.message} onDismiss={clearError} />
    </span>
  );
}
