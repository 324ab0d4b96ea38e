import { DEEP_LINKED, preloadable } from "./deep-links";

export { preloadable };

// The shell's chunk, fetched beside a deep-linked screen's (deep-links.ts says why).
export const appShell = preloadable(() => import("./shell/app-shell"));

/**
 * Starts the shell's and the deep-linked screen's chunks for an /app/ URL; the promise settles
 * when they are in memory (or failed: a failed fetch is left to the lazy screen, which shows it
 * when it renders), so the caller can render once, with the screen, instead of a spinner first.
 */
export function preloadRoute(pathname: string): Promise<void> {
  if (!pathname.startsWith("/app/")) return Promise.resolve();
  const key = pathname.split("/").filter(Boolean).at(-1) ?? "";
  const loads = [appShell, DEEP_LINKED[key]].filter(Boolean).map((s) => s!.load().catch(() => undefined));
  return Promise.all(loads).then(() => undefined);
}
