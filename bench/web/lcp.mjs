// Largest contentful paint of the landing page and the operator's scale screen on a phone with a
// slow network, against a running `make run` (API + built web app on :8000, demo tenant seeded).
//
// Chromium (the machine's) with DevTools' "Slow 4G" profile (562.5 ms request latency, 1.4 Mbps
// down, 675 kbps up, as Lighthouse's mobile preset applies it), a 4x CPU slowdown, a 412x823
// phone screen, and a cold cache for every run. Prints the median LCP of --runs loads per page,
// the LCP element, and the JavaScript bytes the page fetched before it was idle.
//
//   node bench/web/lcp.mjs --runs 6            (writes bench/out/lcp.json)
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { chromium } = createRequire(join(ROOT, "web", "package.json"))("@playwright/test");

const { values: args } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:8000" },
    email: { type: "string", default: "operator@bayview.flow.local" },
    password: { type: "string", default: "FlowDemo2026!" },
    runs: { type: "string", default: "6" },
  },
});
const BASE = args["base-url"];
const RUNS = Number(args.runs);
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.4 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

async function signIn() {
  const r = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: args.email, password: args.password }),
  });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  return (await r.json()).access_token;
}

async function measure(browser, path, token) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  if (token) await context.addInitScript((t) => localStorage.setItem("token", t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const scripts = new Map();
  let jsBytes = 0;
  cdp.on("Network.responseReceived", (e) => { if (e.type === "Script") scripts.set(e.requestId, e.response.url); });
  cdp.on("Network.loadingFinished", (e) => { if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength; });
  await page.addInitScript(() => {
    window.__lcp = null;
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      window.__lcp = { time: last.startTime, element: last.element ? last.element.tagName + (last.element.className ? "." + String(last.element.className).split(" ")[0] : "") : null };
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(BASE + path, { waitUntil: "networkidle", timeout: 120_000 });
  // LCP is final at the first input; read it once the page is idle.
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  return { lcp_ms: lcp ? Math.round(lcp.time) : null, element: lcp?.element ?? null, js_kb_transferred: Math.round(jsBytes / 102.4) / 10, scripts: scripts.size };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const token = await signIn();
const out = { profile: { network: "Slow 4G (562.5 ms, 1.4 Mbps down, 675 kbps up)", cpu_slowdown: CPU_SLOWDOWN, runs: RUNS }, pages: {} };
for (const [name, path, tok] of [["landing", "/", null], ["app/scale", "/app/scale", token]]) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, path, tok));
  out.pages[name] = { median_lcp_ms: median(runs.map((r) => r.lcp_ms)), runs };
  console.log(`${name}: median LCP ${out.pages[name].median_lcp_ms} ms over ${RUNS} cold loads; ` +
    `element ${runs[0].element}; ${runs[0].js_kb_transferred} kB JS transferred in ${runs[0].scripts} scripts`);
}
await browser.close();
mkdirSync(join(ROOT, "bench", "out"), { recursive: true });
writeFileSync(join(ROOT, "bench", "out", "lcp.json"), JSON.stringify(out, null, 1));
