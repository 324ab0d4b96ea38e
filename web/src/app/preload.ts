// A phone that opens a deep link into the app (an operator's /app/scale) fetches the shell and the
// screen together as the page starts; left to React.lazy, the screen is requested only after the
// shell and the session have arrived, one slow round trip after another. Only the screens people
// open by link on a phone are here: each one adds to the entry chunk every page loads.
export const loadAppShell = () => import("./shell/app-shell");
export const loadScaleScreen = () => import("@/features/tickets/components/scale/scale-portal-screen");

const DEEP_LINKED: Record<string, () => Promise<unknown>> = { scale: loadScaleScreen };

export function preloadRoute(pathname: string): void {
  if (!pathname.startsWith("/app/")) return;
  const key = pathname.split("/").filter(Boolean).at(-1) ?? "";
  // A failed fetch is left to the lazy screen, which shows it when it renders.
  for (const load of [loadAppShell, DEEP_LINKED[key]]) load?.().catch(() => undefined);
}
