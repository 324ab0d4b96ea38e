/* Flow service worker: keeps the app shell so the app opens without a connection.
 * API calls are never cached (tickets made offline wait in IndexedDB `flow-offline` instead).
 * Bump VERSION when the caching rules change; hashed /assets/ files are immutable. */
const VERSION = "v1";
const SHELL = `flow-shell-${VERSION}`;
const ASSETS = `flow-assets-${VERSION}`;
const INDEX = "/index.html";
const SYNC_MESSAGE = "SYNC_OFFLINE_TICKETS";

// Build files are named "assets/x-HASH.js" in index.html and "./x-HASH.js" inside chunks.
const ASSET_REF = /(?:assets\/|\.\/)([\w.-]+\.(?:js|css|svg|png|woff2?))/g;
const MAX_ASSETS = 400;

// index.html names the entry files; the entry names every lazy screen's chunk, so walking the
// references caches the whole build and any screen opens offline, visited before or not.
async function precacheShell() {
  const response = await fetch("/", { cache: "no-store" });
  if (!response.ok) return;
  const html = await response.clone().text();
  await (await caches.open(SHELL)).put(INDEX, response);
  const assets = await caches.open(ASSETS);
  const seen = new Set(["/favicon.svg"]);
  const queue = [...html.matchAll(ASSET_REF)].map((m) => `/assets/${m[1]}`);
  await assets.add("/favicon.svg").catch(() => undefined);
  while (queue.length && seen.size < MAX_ASSETS) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    try {
      const asset = await fetch(url);
      if (!asset.ok) continue;
      await assets.put(url, asset.clone());
      if (url.endsWith(".js") || url.endsWith(".css")) {
        for (const m of (await asset.text()).matchAll(ASSET_REF)) queue.push(`/assets/${m[1]}`);
      }
    } catch {
      // A missing file is fetched (and cached) the next time it is used online.
    }
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("flow-") && ![SHELL, ASSETS].includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirstPage(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get("content-type") || "").includes("text/html")) {
      (await caches.open(SHELL)).put(INDEX, response.clone());
    }
    return response;
  } catch (err) {
    const cached = await caches.match(INDEX);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg") {
    event.respondWith(cacheFirst(request));
  }
});

async function askPagesToSync() {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  pages.forEach((page) => page.postMessage({ type: SYNC_MESSAGE }));
}

// Pages ask the worker to sync (spec 3 s7); the worker hands the job to an open page, which
// holds the signed-in token. Background Sync (Chromium only) uses the same path.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === SYNC_MESSAGE) event.waitUntil(askPagesToSync());
});
self.addEventListener("sync", (event) => {
  if (event.tag === "flow-offline-tickets") event.waitUntil(askPagesToSync());
});
