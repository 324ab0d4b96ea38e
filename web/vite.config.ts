/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// Writes dist/.vite/chunks.json: each chunk's static and lazy imports and the packages it holds,
// so scripts/bundle-budget.mjs can sum what a page loads first and prove no chart code is in it.
function chunkMap(): Plugin {
  return {
    name: "flow-chunk-map",
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks: Record<string, unknown> = {};
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== "chunk") continue;
        const packages = new Set<string>();
        const sources: string[] = [];
        const rendered: Record<string, number> = {};
        for (const [id, mod] of Object.entries(item.modules)) {
          const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          const owner = m ? m[1] : id.replace(/^.*\/web\//, "");
          rendered[owner] = (rendered[owner] ?? 0) + mod.renderedLength;
          if (m) packages.add(m[1]);
          else if (id.includes("/web/src/")) sources.push(owner);
        }
        chunks[fileName] = {
          isEntry: item.isEntry,
          facade: item.facadeModuleId ? item.facadeModuleId.replace(/^.*\/web\//, "") : null,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          cssFiles: [...(item.viteMetadata?.importedCss ?? [])],
          packages: [...packages].sort(),
          sources: sources.sort(),
          renderedBytes: rendered,
        };
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunks.json", source: JSON.stringify(chunks, null, 1) });
    },
  };
}

const SRC = fileURLToPath(new URL("./src", import.meta.url));
// The app shell and the screen an operator opens by link on a phone (/app/scale): one chunk.
const INDEX_HTML = fileURLToPath(new URL("./index.html", import.meta.url));
const APP_ROOTS = [`${SRC}/app/shell/app-shell.tsx`, `${SRC}/features/tickets/components/scale/scale-portal-screen.tsx`];

const I18N = /\/src\/lib\/i18n\/|\/node_modules\/(i18next|react-i18next|html-parse-stringify|void-elements)\//;
type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
type GetModuleInfo = (id: string) => ModuleInfo;

function staticClosure(roots: string[], getModuleInfo: GetModuleInfo, stop: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const m = stack.pop()!;
    if (seen.has(m) || stop(m)) continue;
    seen.add(m);
    stack.push(...(getModuleInfo(m)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Chunks for a phone on HTTP/1.1, where every wave of requests costs a round trip. Left alone,
 * rollup splits the app shell and the scale screen into a dozen small chunks (each module another
 * screen shares becomes its own); here what they load statically is one `app` chunk, except what
 * the public side (the entry, the landing and login pages, their dialogs) also loads, so a visitor
 * never downloads the app. The other app screens, always shown inside the shell, import from it.
 * Rollup puts every unassigned static dependency of a manual chunk into it, so the public side's
 * modules are named too: the entry's own as the entry, the rest grouped by the public lazy modules
 * that load them (as rollup groups them itself), or as `app-public` when the app loads them too.
 */
function chunkNames(): (id: string, meta: { getModuleInfo: GetModuleInfo }) => string | undefined {
  let names: Map<string, string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!names) {
      names = new Map();
      const isApp = (m: string) => APP_ROOTS.includes(m);
      const entry = staticClosure([INDEX_HTML], getModuleInfo, isApp);
      entry.forEach((m) => names!.set(m, "index"));
      // The public side's lazy modules, reached from the entry without passing through the app.
      const lazyRoots: string[] = [];
      const reached = new Set<string>(entry);
      const queue = [...entry];
      while (queue.length) {
        const m = queue.pop()!;
        for (const d of getModuleInfo(m)?.dynamicallyImportedIds ?? []) {
          if (isApp(d) || lazyRoots.includes(d)) continue;
          lazyRoots.push(d);
          for (const s of staticClosure([d], getModuleInfo, isApp)) if (!reached.has(s)) (reached.add(s), queue.push(s));
        }
      }
      const loadedBy = new Map<string, string[]>();
      for (const root of lazyRoots) {
        for (const m of staticClosure([root], getModuleInfo, (x) => isApp(x) || entry.has(x))) {
          loadedBy.set(m, [...(loadedBy.get(m) ?? []), root]);
        }
      }
      // What the app needs of the public side's modules is one chunk too (buttons, inputs, icons):
      // a public page that uses one of them loads a few kB more, the app one request less.
      const appNeeds = staticClosure(APP_ROOTS, getModuleInfo, (x) => entry.has(x));
      for (const [m, roots] of loadedBy) {
        // The scale screens' words (lib/i18n, i18next): the app and the PIN dialog load them, the
        // landing page never does, so they are a chunk of their own rather than part of app-public.
        if (I18N.test(m)) {
          names.set(m, "i18n");
          continue;
        }
        if (appNeeds.has(m)) {
          names.set(m, "app-public");
          continue;
        }
        // A lazily imported package is named after the package (idb's root is idb/build/index.js,
        // which would otherwise be named "index" and land in the entry).
        const root = roots.sort()[0];
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(root);
        const first = pkg ? pkg[1].replace("/", "-") : root.replace(/^.*\//, "").replace(/\.[^.]*$/, "");
        names.set(m, roots.length === 1 ? first : `${first}-shared-${roots.length}`);
      }
      for (const m of staticClosure(APP_ROOTS, getModuleInfo, (x) => names!.has(x))) names.set(m, "app");
    }
    return names.get(id);
  };
}

/**
 * Writes dist/app.html: index.html plus `<link rel="modulepreload">` (and the stylesheet) for the
 * app chunk and what it imports, which the API serves for /app/* URLs. The browser then fetches
 * them with the entry, in the first wave after the HTML, instead of once the entry has run.
 */
function appHtml(): Plugin {
  return {
    name: "flow-app-html",
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      const app = Object.values(bundle).find((item) => item.type === "chunk" && APP_ROOTS[0] in item.modules);
      if (!index || index.type !== "asset" || !app || app.type !== "chunk") {
        this.error("flow-app-html: no index.html or no app chunk in the build");
      }
      const boot = Object.values(bundle).find((item) => item.type === "chunk" && item.isEntry && item.name === "boot");
      if (!boot) this.error("flow-app-html: no boot chunk in the build");
      const seen = new Set<string>();
      const css = new Set<string>();
      const stack = [app.fileName];
      while (stack.length) {
        const f = stack.pop()!;
        const chunk = bundle[f];
        if (seen.has(f) || !chunk || chunk.type !== "chunk" || chunk.isEntry) continue;
        seen.add(f);
        chunk.viteMetadata?.importedCss.forEach((c) => css.add(c));
        stack.push(...chunk.imports);
      }
      const tags = [
        ...[...seen].sort().map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`),
        ...[...css].sort().map((f) => `    <link rel="stylesheet" crossorigin href="/${f}">`),
      ].join("\n");
      const source = String(index.source);
      // The session call first (boot.ts, async: it runs the moment it arrives), then the entry.
      const html = source
        .replace(/( *)<script type="module"/, `$1<script type="module" async crossorigin src="/${boot.fileName}"></script>\n$&`)
        .replace(/\n\s*<\/head>/, `\n${tags}$&`);
      if (!html.includes(boot.fileName) || !html.includes(tags)) this.error("flow-app-html: index.html has no module script or no </head>");
      this.emitFile({ type: "asset", fileName: "app.html", source: html });
    },
  };
}

// The API serves the built app at the same origin; in dev the proxy keeps it one origin too.
export default defineConfig({
  plugins: [react(), chunkMap(), appHtml()],
  resolve: { alias: { "@": SRC } },
  server: { proxy: { "/api": "http://127.0.0.1:8000" } },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      // boot.ts is its own entry: app.html loads it beside the main one (flow-app-html above).
      input: { index: INDEX_HTML, boot: `${SRC}/boot.ts` },
      output: { manualChunks: chunkNames() },
    },
  },
  test: {
    // jsdom for what renders; a file that touches no DOM starts with `// @vitest-environment node`,
    // which skips jsdom's start (about 1 s a file on the 2-core CI machine: 105 s -> 90 s for the suite).
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/testing/setup-tests.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    // One worker per core: Vitest's default keeps a core for itself, which on the 2-core CI
    // machine meant one worker (59 s for the suite, 42 s with two; bench/README.md).
    maxWorkers: availableParallelism(),
  },
});
