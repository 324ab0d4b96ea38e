import { act, lazy, Suspense, type ComponentType } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The shell and the scale screen are real modules; here they are stand-ins, counted.
const imported = vi.hoisted(() => ({ shell: 0, scale: 0 }));
vi.mock("./shell/app-shell", () => {
  imported.shell += 1;
  return { default: () => <p>shell</p> };
});
vi.mock("@/features/tickets/components/scale/scale-portal-screen", () => {
  imported.scale += 1;
  return { default: () => <p>scale</p> };
});

const { preloadable, preloadRoute } = await import("./preload");

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const Screen = () => <p>screen</p>;
const module = { default: Screen as ComponentType };

/** What the first commit of a render shows, before any promise can settle. */
function firstCommit(Component: ComponentType): string {
  act(() => root.render(<Suspense fallback={<p>loading</p>}><Component /></Suspense>));
  return host.textContent ?? "";
}

describe("a preloadable lazy screen", () => {
  it("renders in the first commit once its module has arrived, with no fallback", async () => {
    const screen = preloadable(async () => module);
    await screen.load();
    expect(firstCommit(screen.Component)).toBe("screen");
  });

  it("where React.lazy shows the fallback first even for a module already in memory", async () => {
    const ready = Promise.resolve(module);
    await ready;
    expect(firstCommit(lazy(() => ready))).toBe("loading");
    await act(async () => {
      await ready;
    });
    expect(host.textContent).toBe("screen");
  });

  it("suspends as React.lazy does when rendered before its module has arrived", async () => {
    const screen = preloadable(async () => module);
    expect(firstCommit(screen.Component)).toBe("loading");
    await act(async () => {
      await screen.load();
    });
    expect(host.textContent).toBe("screen");
  });

  it("fetches its module once, and again after a failed fetch", async () => {
    const importer = vi.fn<() => Promise<typeof module>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(module);
    const screen = preloadable(importer);
    await expect(screen.load()).rejects.toThrow("offline");
    await screen.load();
    await screen.load();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe("preloadRoute", () => {
  it("loads the shell and a deep-linked screen for an /app/ URL, nothing for a public page", async () => {
    await preloadRoute("/");
    await preloadRoute("/login");
    expect(imported).toEqual({ shell: 0, scale: 0 });
    await preloadRoute("/app/history");
    expect(imported).toEqual({ shell: 1, scale: 0 });
    await preloadRoute("/app/scale");
    expect(imported).toEqual({ shell: 1, scale: 1 });
  });
});
