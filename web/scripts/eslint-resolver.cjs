// Resolves web/src's own imports for eslint-plugin-import: "@/x" (tsconfig's one alias),
// relative and absolute paths, to the .ts/.tsx file tsc and vite would take; packages resolve to nothing here
// (found: false is skipped by the rules used, which only look at src). Kept local so the lint
// adds no native resolver build to the lock.
const { existsSync, statSync } = require("node:fs");
const { dirname, isAbsolute, join, resolve } = require("node:path");

const SRC = resolve(__dirname, "..", "src");
const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

exports.interfaceVersion = 2;
exports.resolve = function (source, file) {
  const base = source.startsWith("@/") ? join(SRC, source.slice(2))
    : source.startsWith(".") || isAbsolute(source) ? resolve(dirname(file), source)
    : null;
  if (base === null) return { found: false };
  for (const tail of CANDIDATES) {
    const path = base + tail;
    if (existsSync(path) && statSync(path).isFile()) return { found: true, path };
  }
  return { found: false };
};
