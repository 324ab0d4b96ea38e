import { useCallback, useRef, useState } from "react";
import { t } from "@/lib/i18n";

/** How much of a file has arrived: `total` is known when the server says how long the file is. */
export type Progress = { received: number; total: number | null };
export type OnProgress = (received: number, total: number | null) => void;

export const PREPARING = "Preparing…";

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-US")} KB`;

/** The busy button's words: "Preparing…", then the share received when the size is known, else
 * the kilobytes received so far (a streamed export does not know its size in advance). */
export function busyLabel(progress: Progress | null, base: string = PREPARING): string {
  if (!progress || progress.received <= 0) return base;
  if (progress.total && progress.total > 0) return `${base} ${Math.min(99, Math.floor((progress.received * 100) / progress.total))}%`;
  return `${base} ${kilobytes(progress.received)}`;
}

/** The words a failure shows next to its button: the server's reason when it gives one. */
export function failureText(err: unknown, fallback: string): string {
  const detail = err instanceof Error ? err.message : "";
  return detail && !/^HTTP \d+$/.test(detail) && detail !== "Failed to fetch" ? `${fallback} ${detail}` : `${fallback} ${t("common.tryAgain")}`;
}

/**
 * One long action at a time (an export, a PDF, an EAR): which one runs, its progress, and the
 * error of the last one that failed, to show next to its button. `run(key, action)` passes the
 * action a progress callback; while it runs, `busy` is the key (the other buttons wait).
 */
export function useBusyAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);
  const running = useRef(false);

  const run = useCallback(async <T,>(key: string, action: (onProgress: OnProgress) => Promise<T>, failure = "It could not be prepared."): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(key);
    setProgress(null);
    setError(null);
    try {
      return await action((received, total) => setProgress({ received, total }));
    } catch (err) {
      setError({ key, message: failureText(err, failure) });
      return undefined;
    } finally {
      running.current = false;
      setBusy(null);
      setProgress(null);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { busy, progress, error, run, clearError, label: busyLabel(progress) };
}
