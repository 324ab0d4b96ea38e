import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// Screens that render at once once their chunk is in memory. routes.tsx mounts them and
// preload.ts starts them early; kept apart from preload.ts, which also starts the shell, so that
// routes.tsx (which the shell imports) imports nothing that imports the shell.
//
// A phone that opens a deep link into the app (an operator's /app/scale) fetches the shell and the
// screen together as the page starts; left to React.lazy, the screen is requested only after the
// shell and the session have arrived, one slow round trip after another. Only the screens people
// open by link on a phone are here: each one adds to the entry chunk every page loads.

type Module = { default: ComponentType };

/**
 * A lazy screen that renders at once when its module has already arrived. React.lazy always
 * suspends on its first render, even for a module in memory: the Suspense fallback paints, and
 * React 19 holds the content back until 300 ms after a fallback has shown (its reveal throttle).
 * Here, once `load()` has resolved, the component hands React the module synchronously, so a
 * deep link whose chunks were fetched before the first render paints the screen, not a spinner.
 */
export function preloadable(importer: () => Promise<Module>): { load: () => Promise<Module>; Component: LazyExoticComponent<ComponentType> } {
  let loaded: Module | undefined;
  let pending: Promise<Module> | undefined;
  const load = () => {
    // A failed fetch is forgotten, so the next render (or a retry) asks again.
    pending ??= importer().then(
      (m) => (loaded = m),
      (err) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  // React reads a thenable's `then` and calls it: one that calls back at once resolves the lazy
  // component in the same render (react's lazyInitializer checks its status right after).
  const Component = lazy(() => (loaded ? ({ then: (resolve: (m: Module) => void) => resolve(loaded!) } as unknown as Promise<Module>) : load()));
  return { load, Component };
}

export const scaleScreen = preloadable(() => import("@/features/tickets/components/scale/scale-portal-screen"));

export const DEEP_LINKED: Record<string, { load: () => Promise<Module> }> = { scale: scaleScreen };
