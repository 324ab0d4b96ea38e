import { defineConfig } from "@playwright/test";

// Drives the machine's Chromium (no browser download) against BASE_URL (a real API server).
export default defineConfig({
  testDir: "./e2e",
  // Every wait is bounded: a spec fails within its limit (180 s; no spec sets a longer one), each
  // expect within 30 s, each click, fill, navigation or waitForEvent within 30 s, and each fixture
  // subprocess a spec runs (execFileSync, which blocks the worker and so these limits) within 60 s,
  // 120 s for the two warehouse refreshes (admin, compliance). A failed spec prints its name and its
  // page's address (e2e/harness.ts).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // Two workers, one per core: spec files share out between them, a file's tests run in order on
  // one (specs make their own companies; they must not need another spec's data or order).
  // E2E_WORKERS=1 runs them one after another.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  // E2E_REPORT_JSON: a JSON report beside the list, from which tests/e2e/test_browser.py prints
  // the slowest specs in CI's stage summary (issue 34: a slow spec is seen at once).
  reporter: process.env.E2E_REPORT_JSON ? [["list"], ["json", { outputFile: process.env.E2E_REPORT_JSON }]] : [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://127.0.0.1:8000",
    headless: true,
    viewport: { width: 1366, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
      ],
    },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: "off",
    screenshot: "only-on-failure",
  },
});
