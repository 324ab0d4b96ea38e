import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "./harness";
import { menuFor, menuTabs } from "../src/app/shell/menu";
import type { CurrentUser, Subscription, SystemSettings } from "../src/lib/session-types";

// The sweep (issue 32): every route each role can reach, at a phone (390x844) and a desktop
// (1440x900), over the demo company's data (`flow demo seed`, seeded by tests/e2e/test_browser.py
// into E2E_DEMO). On each page it fails on:
// - page-level horizontal scroll (wide tables scroll inside their own container);
// - an element whose content spills out of its box (overflow visible, wider than the box);
// - a button, link or field whose centre another element covers;
// - a console error, an uncaught exception or a failed request (4xx/5xx, a network failure);
// - an axe-core (WCAG 2.0/2.1 A and AA) violation of serious or critical impact: every rule at both
//   sizes, once per route and size (one axe run costs more than the rest of a page's checks): at
//   the desktop in the light theme, at the phone in the dark one for a signed-in user, so contrast
//   is checked light and dark on every screen (the public pages have no dark theme);
// - a Tab press that focuses nothing visible or draws no focus ring (desktop).
// It gathers every problem of a role, size and part before failing, so one run lists them all.
// With SWEEP_SHOTS=1 each page's screenshot goes to .flow/screenshots/sweep for a person to look at.
// The role's routes are the app's own menu (menuFor) for the role's user, plan and settings, so a
// new screen is swept once it has a menu entry. A role with many routes is swept in PARTS (every
// PARTS-th route from its own), each a test of its own, so Playwright's workers share them out.

const demo = JSON.parse(process.env.E2E_DEMO ?? "null") as
  | { password: string; manager: string; operator: string; platform: string; platform_password: string }
  | null;
const outDir = join(process.env.SWEEP_DIR ?? "../.flow/screenshots", "sweep");
// The screenshots are for a person (SWEEP_SHOTS=1; `make screenshots` sets it): no check reads them, and a
// full-page shot of every route at both sizes was a third of the sweep's time in make test.
const shots = process.env.SWEEP_SHOTS === "1";
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;
type Size = keyof typeof SIZES;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Role {
  name: string;
  email?: string;
  password?: string;
  /** Tests the role's routes are dealt into (the manager has some 40). */
  parts: number;
}

const only = process.env.SWEEP_ROLES?.split(/[ ,]+/); // while iterating: e.g. "manager"
const onlySizes = process.env.SWEEP_SIZES?.split(/[ ,]+/); // e.g. "desktop"
const ROLES: Role[] = (demo
  ? [
      { name: "visitor", parts: 1 },
      { name: "platform", email: demo.platform, password: demo.platform_password, parts: 1 },
      { name: "manager", email: demo.manager, password: demo.password, parts: 4 },
      { name: "operator", email: demo.operator, password: demo.password, parts: 1 },
    ]
  : []).filter((role) => !only || only.includes(role.name));

const VISITOR_ROUTES = ["/", "/states/CA", "/login", "/?dialog=login", "/?dialog=signup&account=trial", "/?dialog=pin"];

const tokens = new Map<string, Promise<string>>(); // per worker: one sign-in a role

async function signIn(request: APIRequestContext, role: Role): Promise<string> {
  let token = tokens.get(role.name);
  if (!token) {
    token = signInOnce(request, role);
    tokens.set(role.name, token);
  }
  return token;
}

async function signInOnce(request: APIRequestContext, role: Role): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email: role.email, password: role.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).access_token as string;
}

/** The role's routes: the menu the app draws for this user, plan and settings. */
async function routesOf(request: APIRequestContext, token: string): Promise<string[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const get = async <T,>(path: string): Promise<T | null> => {
    const res = await request.get(path, { headers });
    return res.ok() ? ((await res.json()) as T) : null;
  };
  const user = (await get<CurrentUser>("/api/auth/me"))!;
  const admin = user.role === "store_admin" || user.role === "system_admin";
  const subscription = user.role === "store_admin" ? await get<Subscription>("/api/subscription/current") : null;
  const settings = admin ? await get<SystemSettings>("/api/system/settings") : null;
  const tabs = menuTabs(menuFor(user, subscription, settings));
  return [...new Set(tabs)].map((tab) => `/app/${tab}`);
}

/** Everything wrong on the page as it stands, measured in the page. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const describe = (el: Element): string => {
      const h = el as HTMLElement;
      const label = (h.getAttribute("aria-label") || h.innerText || h.getAttribute("title") || "").trim().replace(/\s+/g, " ").slice(0, 40);
      const cls = typeof h.className === "string" && h.className ? `.${h.className.trim().split(/\s+/).join(".")}` : "";
      return `<${el.tagName.toLowerCase()}${cls}> "${label}"`;
    };
    const visible = (el: Element): boolean => {
      // Not drawn: hidden, transparent, or in a closed <details> (content-visibility: hidden).
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };

    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) out.push(`page scrolls sideways: ${root.scrollWidth}px wide in ${window.innerWidth}px`);

    // Content wider than its box, drawn outside it (overflow visible): report the innermost.
    const spills: Element[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (!(el instanceof HTMLElement) || el instanceof SVGElement) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== "visible" || style.display.startsWith("inline") || style.display === "contents") continue;
      if (el.closest("svg, .recharts-wrapper, [data-sweep-skip]")) continue;
      if (el.scrollWidth <= el.clientWidth + 2 || el.clientWidth === 0 || !visible(el)) continue;
      spills.push(el);
    }
    for (const el of spills) {
      if (spills.some((other) => other !== el && el.contains(other))) continue;
      out.push(`content spills out of ${describe(el)}: ${el.scrollWidth}px in ${el.clientWidth}px`);
    }

    // A control whose centre, on screen, is another element's (not its own or a child's).
    // With a modal dialog open the page behind it is inert: only the dialog's controls count.
    const scope: ParentNode = document.querySelector("dialog:modal") ?? document;
    const controls = scope.querySelectorAll("button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab]");
    for (const el of Array.from(controls)) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 4 || r.height < 4) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      // Scrolled out of a scrolling container's view: not on screen, not covered.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === "visible" && s.overflowY === "visible") continue;
        const pr = p.getBoundingClientRect();
        if (x < pr.left || x > pr.right || y < pr.top || y > pr.bottom) clipped = true;
      }
      if (clipped) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit)) continue;
      // A label over its own field (styled checkboxes and switches) still operates it.
      if (hit instanceof HTMLLabelElement && (hit.control === el || hit.contains(el))) continue;
      out.push(`${describe(el)} is covered by ${describe(hit)}`);
    }
    return out;
  });
}

/** In the page before any script: counts the app's requests in flight (see settle). */
function countRequests(): void {
  const w = window as unknown as { __sweep: { inflight: number; last: number } };
  w.__sweep = { inflight: 0, last: 0 };
  const original = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__sweep.inflight++;
    return original(...args).finally(() => {
      w.__sweep.inflight--;
      w.__sweep.last = performance.now();
    });
  };
}

/** Waits until no request has been in flight for 300 ms and no spinner shows (at most 15 s). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const s = (window as unknown as { __sweep?: { inflight: number; last: number } }).__sweep;
    const busy = Array.from(document.querySelectorAll(".loading, .spinner")).some((el) => (el as HTMLElement).offsetParent !== null);
    return !!s && s.inflight === 0 && performance.now() - s.last > 300 && !busy;
  }, undefined, { timeout: 15_000, polling: 100 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function axeProblems(page: Page, dark: boolean): Promise<string[]> {
  // Legacy mode: axe.run in the page itself. The default runs each frame's part, then opens a new
  // blank page to put them together, once per call; the app draws no cross-origin frame.
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `axe${dark ? " (dark)" : ""} ${v.impact} ${v.id}: ${v.nodes.length} × ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** Tab a few times from the top: each press lands on something visible with a focus ring. */
async function focusProblems(page: Page): Promise<string[]> {
  const out: string[] = [];
  // Start from the top of the page: the body focused (for a moment focusable), nothing else.
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute("tabindex");
  });
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return "nothing focused";
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      const name = `<${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ").join(".")}` : ""}${el.getAttribute("type") ? ` type=${el.getAttribute("type")}` : ""}> "${(el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"`;
      if (r.width === 0 || r.height === 0) return `${name} focused but not visible`;
      return ring ? "" : `${name} focused with no visible focus ring`;
    });
    if (seen) out.push(`Tab ${i + 1}: ${seen}`);
  }
  return out;
}

async function sweepRole(browser: Browser, request: APIRequestContext, role: Role, size: Size, part: number): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const token = role.email ? await signIn(request, role) : null;
  const all = token ? await routesOf(request, token) : VISITOR_ROUTES;
  const routes = all.filter((_, i) => i % role.parts === part);
  const context = await browser.newContext({ viewport: SIZES[size], baseURL: process.env.BASE_URL });
  if (token) await context.addInitScript((value) => window.localStorage.setItem("token", value), token);
  await context.addInitScript(countRequests);
  const page = await context.newPage();
  let route = "";
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`${route}: console error: ${msg.text().slice(0, 200)}`);
  });
  page.on("pageerror", (err) => problems.push(`${route}: uncaught ${err.message.slice(0, 200)}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`${route}: ${res.status()} ${res.request().method()} ${res.url().replace(/^https?:\/\/[^/]+/, "")}`);
  });
  page.on("requestfailed", (req) => {
    const failure = req.failure()?.errorText ?? "";
    // A request the browser dropped because the page moved on is not a failure of the app.
    if (failure.includes("ERR_ABORTED")) return;
    problems.push(`${route}: request failed ${req.url().replace(/^https?:\/\/[^/]+/, "")} ${failure}`);
  });

  try {
    for (const path of routes) {
      route = `${role.name} ${size} ${path}`;
      const started = Date.now();
      if (token && page.url().includes("/app/")) {
        // Inside the app, move as a click on a link does (no reload of the bundle and session).
        await page.evaluate((to) => {
          // A quiet 300 ms counts from here (settle), not from the last page's last request.
          (window as unknown as { __sweep: { last: number } }).__sweep.last = performance.now();
          window.history.pushState(null, "", to);
          window.dispatchEvent(new PopStateEvent("popstate"));
          window.scrollTo(0, 0);
        }, path);
      } else {
        await page.goto(path);
      }
      await settle(page);
      const loaded = Date.now() - started;
      const found = await layoutProblems(page);
      const laid = Date.now() - started;
      // The dark theme (System Settings' default theme) is drawn only inside the app: the public
      // pages are always light (app-shell.tsx sets data-theme for signed-in users).
      const dark = !!token && size === "phone";
      if (dark) await page.evaluate(() => { document.documentElement.dataset.theme = "dark"; });
      found.push(...(await axeProblems(page, dark)));
      const file = `${role.name}-${size}${dark ? "-dark" : ""}-${path.replace(/^\//, "").replace(/[^a-z0-9-]+/gi, "_") || "home"}.png`;
      if (shots) await page.screenshot({ path: join(outDir, file), fullPage: true });
      if (dark) await page.evaluate(() => { document.documentElement.dataset.theme = "light"; });
      const axed = Date.now() - started;
      if (size === "desktop") found.push(...(await focusProblems(page)));
      problems.push(...found.map((p) => `${route}: ${p}`));
      if (process.env.SWEEP_TIMES) console.log(`${route}: settled ${loaded} ms, layout ${laid - loaded}, axe+shot ${axed - laid}, in all ${Date.now() - started} ms`);
    }
  } finally {
    await context.close();
  }
  const name = `${role.name} at ${size}${role.parts > 1 ? `, part ${part + 1}/${role.parts}` : ""}`;
  console.log(`SWEEP ${name}: ${routes.length} routes, ${problems.length} problems`);
  expect(problems, `${name}: ${problems.length} problems`).toEqual([]);
}

test.describe("sweep: every route of every role at phone and desktop size", () => {
  // Each role and size is its own test, shared out over both workers.
  test.describe.configure({ mode: "parallel" });
  test.skip(!demo, "E2E_DEMO (the demo company, tests/e2e/test_browser.py) is not set");

  for (const role of ROLES.length ? ROLES : [{ name: "none", parts: 1 }]) {
    for (const size of (Object.keys(SIZES) as Size[]).filter((s) => !onlySizes || onlySizes.includes(s))) {
      for (let part = 0; part < role.parts; part++) {
        test(`${role.name} at ${size}${role.parts > 1 ? `, part ${part + 1}/${role.parts}` : ""}`, async ({ browser, request }) => {
          test.setTimeout(150_000);
          await sweepRole(browser, request, role, size, part);
        });
      }
    }
  }
});
