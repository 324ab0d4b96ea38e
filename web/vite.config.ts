/// <reference types="vitest/config" />
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

// The API serves the built app at the same origin; in dev the proxy keeps it one origin too.
export default defineConfig({
  plugins: [react(), chunkMap()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { proxy: { "/api": "http://127.0.0.1:8000" } },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 900 },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/testing/setup-tests.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
