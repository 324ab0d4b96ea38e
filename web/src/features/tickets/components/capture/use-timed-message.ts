import { useCallback, useEffect, useRef, useState } from "react";
import type { Status } from "../status-message";
import { AI_MESSAGE_CLEAR_MS } from "./ai-messages";

/** A status that clears itself after 5 seconds (AI status messages, spec 2 s4). */
export function useTimedStatus(ms = AI_MESSAGE_CLEAR_MS) {
  const [status, setStatus] = useState<Status>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((next: Status) => {
    window.clearTimeout(timer.current);
    setStatus(next);
    if (next) timer.current = window.setTimeout(() => setStatus(null), ms);
  }, [ms]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [status, show] as const;
}
