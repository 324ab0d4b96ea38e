#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) sibling of every text file of the build, once, so the API
// serves the encoding a browser accepts without compressing per request (api/main.py _serve_web).
// A sibling is written only when it is smaller than the file; stale siblings are removed.
//   node scripts/compress-assets.mjs [dist]
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const DIST = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024; // below a packet the header costs more than it saves

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") yield* files(path);
    } else yield path;
  }
}

let raw = 0;
let br = 0;
for (const path of [...files(DIST)]) if (/\.(br|gz)$/.test(path)) rmSync(path);
for (const path of [...files(DIST)]) {
  if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue;
  const body = readFileSync(path);
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
  raw += body.length;
  br += brotli.length;
}
console.log(`compressed ${Math.round(raw / 1024)} kB of text to ${Math.round(br / 1024)} kB brotli (and gzip beside it)`);
