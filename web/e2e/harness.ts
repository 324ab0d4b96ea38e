// The specs' `test`: Playwright's, with one automatic fixture. When a spec fails (a wait that ran
// out, an assertion, the spec's time limit), it prints the spec's name and the address of every
// page still open, then the run goes on: "LAST PAGE <spec>: <url>" in the output pytest shows.
// Import { test, expect, type Page, ... } from "./harness" rather than "@playwright/test".
import { test as base } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend<{ lastPageOnFailure: void }>({
  lastPageOnFailure: [
    async ({ browser, context }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const name = testInfo.titlePath.slice(1).join(" › ");
      const urls = [context, ...browser.contexts().filter((c) => c !== context)]
        .flatMap((c) => c.pages())
        .map((p) => p.url())
        .filter((url) => url !== "about:blank");
      const line = `LAST PAGE ${name}: ${urls.length ? urls.join(" , ") : "(no page open)"}`;
      console.log(line);
      await testInfo.attach("last page", { body: line, contentType: "text/plain" });
    },
    { auto: true },
  ],
});
