import base from "./playwright.config";

// The fault-injection specs: run by tests/e2e/test_offline_faults.py, which puts a loopback
// proxy it controls between Chromium and the API (BASE_URL is the proxy), not by the main run.
export default { ...base, testDir: "./e2e-faults", timeout: 900_000 };
