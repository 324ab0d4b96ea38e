// Import boundaries of web/src, checked by `make lint` (no eslint here; this is the whole rule set).
//   1. A feature never imports another feature's screens or helpers: across features only the
//      other domain's call files (features/<domain>/api/*) may be imported.
//   2. Shared code (components/, lib/, config/, client/, testing/) imports no feature screen or
//      helper, and nothing but app/ imports app/: imports flow shared -> features -> app.
// A failure names the file, the import and the rule, and the script exits 1.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..", "src");
const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) yield path;
  }
}

/** The import's path inside src ("features/tickets/api/get-ticket"), or null for a package. */
function target(file, spec) {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith(".")) return relative(SRC, resolve(dirname(file), spec)).split(sep).join("/");
  return null;
}

// The entry files at the root of src (main.tsx) start the app: they sit with app/.
// Known crossings left for their owners, each to be moved into components/ or lib/ and then
// dropped from this list (a listed crossing that no longer exists fails too, so the list shrinks).
const KNOWN = new Set([
  // crossings still to be moved to shared code, each with why; none today
]);

const layer = (path) => (path.includes("/") ? path.split("/")[0] : "app");
const feature = (path) => (layer(path) === "features" ? path.split("/")[1] : null);
const isCallFile = (path) => path.split("/")[2] === "api";

export function violations() {
  const found = [];
  const seen = new Set();
  for (const file of sourceFiles(SRC)) {
    const from = relative(SRC, file).split(sep).join("/");
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const to = target(file, spec);
      if (!to) continue;
      const rule =
        layer(to) === "app" && layer(from) !== "app" ? "only app/ imports app/ (imports flow shared -> features -> app)"
        : feature(to) && feature(to) !== feature(from) && layer(from) !== "app" && !isCallFile(to)
          ? `features/${feature(to)}: only its api/ call files may be imported from outside it`
          : null;
      const crossing = `${from} -> ${to}`;
      if (rule && KNOWN.has(crossing)) seen.add(crossing);
      else if (rule) found.push(`${from}: import "${spec}" breaks "${rule}"`);
    }
  }
  for (const crossing of KNOWN) if (!seen.has(crossing)) found.push(`${crossing}: listed as known but no longer there; drop it from KNOWN`);
  return found;
}

const found = violations();
for (const line of found) console.error(line);
if (found.length) process.exit(1);
console.log("web import boundaries kept");
