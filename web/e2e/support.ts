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
  return (await waitForMessage(to, pattern, timeoutMs)).match;
}

/**
 * The newest mail to `to` whose body matches `pattern`, raw (as the SMTP server received it) and
 * decoded. tests/e2e/test_browser.py runs a loopback SMTP server that drops each message it
 * receives into OUTBOX_DIR.
 */
export async function waitForMessage(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<{ raw: string; match: RegExpMatchArray }> {
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
      if (match) return { raw, match };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern} arrived`);
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** The attachments of a raw MIME message (one level of multipart, as Flow sends them). */
export function mailAttachments(raw: string): MailAttachment[] {
  const boundary = raw.match(/boundary="?([^"\r\n;]+)"?/i)?.[1];
  if (!boundary) return [];
  return raw.split(`--${boundary}`).slice(1).flatMap((part) => {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    const filename = head.match(/filename="?([^"\r\n;]+)"?/i)?.[1];
    if (!filename) return [];
    const contentType = head.match(/Content-Type:\s*([^;\r\n]+)/i)?.[1].trim().toLowerCase() ?? "";
    const body = rest.join("\n\n");
    const encoding = head.match(/Content-Transfer-Encoding:\s*(\S+)/i)?.[1].toLowerCase();
    const data = encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : Buffer.from(encoding === "quoted-printable" ? decodeQuotedPrintable(body) : body);
    return [{ filename, contentType, data }];
  });
}

/** Waits for the mail and checks it carries a real PDF (by content) named like `name`. */
export async function expectMailedPdf(to: string, pattern: RegExp, name: RegExp): Promise<MailAttachment[]> {
  const { raw } = await waitForMessage(to, pattern);
  const files = mailAttachments(raw);
  const pdf = files.find((f) => f.contentType === "application/pdf");
  expect(pdf, `a PDF attachment in ${files.map((f) => f.filename).join(", ") || "no attachment"}`).toBeTruthy();
  expect(pdf!.filename).toMatch(name);
  expect(pdf!.data.subarray(0, 5).toString()).toBe("%PDF-");
  return files;
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
