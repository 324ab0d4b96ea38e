#!/usr/bin/env node
// The initial JavaScript of the pages a phone opens first, from the build (dist/.vite/chunks.json,
// written by the chunk-map plugin in vite.config.ts): the entry chunk plus the lazy screens the
// route renders at once, each with its static imports. Fails when a page passes its gzip budget or
// loads chart code (recharts and its d3 helpers belong to the dashboards only).
//   node scripts/bundle-budget.mjs [--json]
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const DIST = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
// The scale screen carries its words in English and Spanish (lib/i18n: i18next, react-i18next and
// both catalogues, about 25 kB gzip in a chunk of their own, issue 32); the landing page none.
// 178 since 28 Nov 2026: the toast, net preview, offline chip and dialog focus wrap took it to 175.1;
// loading only the chosen language's catalogue is the way back under 175.
const BUDGETS_KB = { landing: 150, "app/scale": 178 };
const CHART_PACKAGES = /^(recharts|d3-|victory|react-smooth|recharts-scale)/;
const PAGES = {
  landing: ["src/features/landing/components/landing-page.tsx"],
  "app/scale": ["src/app/shell/app-shell.tsx", "src/features/tickets/components/scale/scale-portal-screen.tsx"],
};

const chunks = JSON.parse(readFileSync(join(DIST, ".vite", "chunks.json"), "utf8"));
const entry = Object.keys(chunks).find((f) => chunks[f].isEntry && chunks[f].facade === "index.html");
// The app's pages (app.html) also load boot.ts, the early session call: a chunk of its own.
const boot = Object.keys(chunks).find((f) => chunks[f].isEntry && chunks[f].facade === "src/boot.ts");
// The chunk a lazy screen lands in: the one holding its module (rollup names no facade when it merges).
const chunkOf = (src) => Object.keys(chunks).find((f) => chunks[f].sources.includes(src));

function closure(files) {
  const seen = new Set();
  const stack = [...files];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...chunks[f].imports);
  }
  return seen;
}

const gz = (f) => gzipSync(readFileSync(join(DIST, f))).length;
const results = {};
let failed = false;
for (const [page, facades] of Object.entries(PAGES)) {
  const lazy = facades.map((src) => {
    const f = chunkOf(src);
    if (!f) throw new Error(`no chunk for ${src}: is the screen still loaded lazily?`);
    return f;
  });
  const files = [...closure([entry, ...(page.startsWith("app/") ? [boot] : []), ...lazy])].sort();
  const bytes = files.reduce((n, f) => n + gz(f), 0);
  const charts = [...new Set(files.flatMap((f) => chunks[f].packages.filter((p) => CHART_PACKAGES.test(p))))];
  const kb = Math.round(bytes / 102.4) / 10;
  results[page] = { gzip_kb: kb, budget_kb: BUDGETS_KB[page], chunks: files.length, chart_packages: charts };
  if (kb > BUDGETS_KB[page] || charts.length) failed = true;
}
if (process.argv.includes("--json")) console.log(JSON.stringify(results));
else
  for (const [page, r] of Object.entries(results))
    console.log(`${page}: ${r.gzip_kb} kB gzip initial JS in ${r.chunks} chunks (budget ${r.budget_kb} kB)` +
      (r.chart_packages.length ? `; chart code: ${r.chart_packages.join(", ")}` : "; no chart code"));
process.exit(failed ? 1 : 0);
