import base from "./playwright.config";

// The fault-injection specs: run by tests/e2e/test_offline_faults.py, which puts a loopback
// proxy it controls between Chromium and the API (BASE_URL is the proxy), not by the main run.
// Its limit: the spec took 83-85 s in CI (its sync loop gives up after 4 minutes).
export default { ...base, testDir: "./e2e-faults", timeout: 300_000 };
