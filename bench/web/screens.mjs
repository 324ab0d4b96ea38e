// How long each manager screen takes to show its content after navigation, on a desktop (issue 35,
// target 5), against a running API that serves the built web app (bench/web/screens.sh starts one
// on a bench database and its warehouse).
//
// The screens are the ones the app's own side menu offers the signed-in user (every group opened,
// every link taken), so a new screen is timed once it has a menu entry. Each round opens a fresh
// browser context (no query cache, no cached files), loads the main dashboard, then clicks each
// menu link in turn (the dashboard's last), as a user moves through the app. A screen has shown its
// content at the first animation frame after which no request of the app is in flight (a lazy
// chunk of script counts, by its resource timing), no loading indicator (.loading, or a .spinner
// outside a button) is drawn, and nothing changes for 500 ms; the time is from the click to that
// frame. The warehouse watch (GET /api/analytics/refreshed, every few seconds) does not count.
// Round 1 is the first read of each screen's figures since the API started (the warehouse result
// cache is empty); later rounds read them again.
//
//   node bench/web/screens.mjs --base-url http://127.0.0.1:8020 --email E --password P --rounds 3
//   (writes bench/out/screens.json)
import { createRequire } from "node:module";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { chromium } = createRequire(join(ROOT, "web", "package.json"))("@playwright/test");

const { values: args } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:8020" },
    email: { type: "string", default: "bench-admin@flow.bench" },
    password: { type: "string", default: "BenchAdmin2026!" },
    rounds: { type: "string", default: "3" },
    out: { type: "string", default: join(ROOT, "bench", "out", "screens.json") },
  },
});
const BASE = args["base-url"];
const ROUNDS = Number(args.rounds);
const DESKTOP = { width: 1440, height: 900 };
// At most this long for one screen to settle: a screen that never does is reported, not waited on.
const SETTLE_LIMIT_MS = 30_000;
const QUIET_MS = 500;
const START = "/app/dashboard";

async function signIn() {
  const r = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: args.email, password: args.password }),
  });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  return (await r.json()).access_token;
}

/** In the page before any script: requests in flight and the last frame the page was busy. */
function instrument() {
  const state = { inflight: 0, busyAt: 0, idleAt: 0 };
  window.__screen = state;
  const watched = (input) => !String(input instanceof Request ? input.url : input).includes("/api/analytics/refreshed");
  const original = window.fetch.bind(window);
  window.fetch = (...a) => {
    if (!watched(a[0])) return original(...a);
    state.inflight++;
    state.busyAt = performance.now();
    return original(...a).finally(() => { state.inflight--; });
  };
  // A screen's code arrives by a script request (a lazy chunk), which fetch does not see: the end of
  // every resource the page loads counts as busy too.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (watched(e.name)) state.busyAt = Math.max(state.busyAt, e.responseEnd);
    }
  }).observe({ type: "resource" });
  const loading = () => Array.from(document.querySelectorAll(".loading, .spinner")).some(
    (el) => el.offsetParent !== null && !el.closest("button"));
  const frame = (now) => {
    if (state.inflight > 0 || loading()) state.busyAt = now;
    else if (state.idleAt <= state.busyAt) state.idleAt = now; // the first frame after the last busy one
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Waits until the page has been idle QUIET_MS; returns the first idle frame's time, or null. */
async function settled(page) {
  try {
    await page.waitForFunction((quiet) => {
      const s = window.__screen;
      return s.inflight === 0 && s.idleAt > s.busyAt && performance.now() - s.idleAt > quiet;
    }, QUIET_MS, { timeout: SETTLE_LIMIT_MS, polling: 50 });
  } catch {
    return null;
  }
  return page.evaluate(() => window.__screen.idleAt);
}

/** Every screen in the side menu, every group opened: [label, href]. */
async function menuLinks(page) {
  for (let i = 0; i < 20; i++) {
    const closed = page.locator('nav[aria-label="Main menu"] button.menu-group[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return page.$$eval('nav[aria-label="Main menu"] a.menu-link', (links) =>
    links.map((a) => [a.textContent.trim(), new URL(a.href).pathname]));
}

async function round(browser, token, n) {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: BASE });
  await context.addInitScript((t) => localStorage.setItem("token", t), token);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message.slice(0, 200)));
  page.on("response", (r) => { if (r.status() >= 500) errors.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  // The home screen is tiles; the side menu is drawn on every other screen.
  await page.goto(START, { waitUntil: "load", timeout: 60_000 });
  await settled(page);
  const all = (await menuLinks(page)).filter(([, href]) => href !== "/app/home");
  // The screen the round starts on is timed last, reached from the one before it.
  const links = [...all.filter(([, href]) => href !== START), ...all.filter(([, href]) => href === START)];
  const times = {};
  for (const [label, href] of links) {
    const link = page.locator(`nav[aria-label="Main menu"] a.menu-link[href="${href}"]`).first();
    await link.scrollIntoViewIfNeeded();
    const clickedAt = await page.evaluate(() => {
      window.__screen.busyAt = performance.now(); // the click itself starts the busy time
      return window.__screen.busyAt;
    });
    await link.click();
    const shown = await settled(page);
    times[href] = { label, ms: shown === null ? null : Math.round(shown - clickedAt) };
    console.log(`round ${n} ${href} (${label}): ${shown === null ? `not settled in ${SETTLE_LIMIT_MS} ms` : `${times[href].ms} ms`}`);
  }
  await context.close();
  return { times, errors };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const token = await signIn();
// The inbound screens (receivables, inventory) need the inbound module, a company setting that is off
// by default: turned on as an administrator does it in Admin Settings.
const put = await fetch(`${BASE}/api/system/settings`, {
  method: "PUT",
  headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
  body: JSON.stringify({ inbound_module_enabled: true }),
});
if (!put.ok) throw new Error(`turning inbound on failed: ${put.status} ${await put.text()}`);
const rounds = [];
try {
  for (let n = 1; n <= ROUNDS; n++) rounds.push(await round(browser, token, n));
} finally {
  await browser.close();
}
const screens = {};
for (const href of Object.keys(rounds[0].times)) {
  const all = rounds.map((r) => r.times[href]?.ms ?? null);
  const later = all.slice(1).filter((x) => x !== null);
  screens[href] = { label: rounds[0].times[href].label, first_ms: all[0], later_median_ms: later.length ? median(later) : null, runs_ms: all };
}
const firsts = Object.values(screens).map((s) => s.first_ms);
const out = {
  base_url: BASE, viewport: DESKTOP, rounds: ROUNDS, screens,
  worst_first_ms: firsts.includes(null) ? null : Math.max(...firsts),
  over_1s_first: Object.entries(screens).filter(([, s]) => s.first_ms === null || s.first_ms > 1000).map(([h]) => h),
  errors: rounds.flatMap((r) => r.errors),
};
mkdirSync(dirname(args.out), { recursive: true });
writeFileSync(args.out, JSON.stringify(out, null, 1));
console.log("\n| screen | first visit (ms) | later visits, median (ms) |\n|---|---|---|");
for (const [href, s] of Object.entries(screens)) console.log(`| ${s.label} (${href}) | ${s.first_ms ?? "not settled"} | ${s.later_median_ms ?? "-"} |`);
console.log(`\nworst first visit: ${out.worst_first_ms ?? "a screen did not settle"} ms; over 1 s: ${out.over_1s_first.join(", ") || "none"}; errors: ${out.errors.length}`);
