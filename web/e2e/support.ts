import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";

// Ignored by git; `make screenshots` sets SCREENSHOT_DIR to docs/screenshots on purpose.
export const screenshotDir = process.env.SCREENSHOT_DIR ?? "../.flow/screenshots";

export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

/** Decodes a quoted-printable mail body (soft line breaks and =XX escapes). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest mail in the outbox folder sent to `to` whose body matches `pattern`. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  const dir = process.env.OUTBOX_DIR;
  expect(dir, "OUTBOX_DIR must point at the API's mail outbox").toBeTruthy();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir!).filter((f) => f.endsWith(".eml"));
    } catch {
      files = [];
    }
    const newest = files.map((f) => join(dir!, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const file of newest) {
      const raw = readFileSync(file, "utf8");
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const match = decodeQuotedPrintable(raw).match(pattern);
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern} arrived`);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}
