import { describe, expect, it } from "vitest";
import { checkLogoFile, LOGO_MAX_BYTES, readAsDataUrl } from "./logo-file";

describe("logo file checks", () => {
  it.each(["image/jpeg", "image/png", "image/gif", "image/webp"])("accepts %s", (type) => {
    expect(checkLogoFile({ type, size: 1000 })).toBeNull();
  });
  it("rejects other types with the spec's message", () => {
    expect(checkLogoFile({ type: "image/svg+xml", size: 10 })).toBe("Please upload a valid image file (JPEG, PNG, GIF, or WebP)");
  });
  it("accepts exactly 2 MB and rejects one byte more", () => {
    expect(checkLogoFile({ type: "image/png", size: LOGO_MAX_BYTES })).toBeNull();
    expect(checkLogoFile({ type: "image/png", size: LOGO_MAX_BYTES + 1 })).toBe("File size must be less than 2MB");
  });
  it("reads a file as a data URL", async () => {
    const url = await readAsDataUrl(new Blob(["hi"], { type: "image/png" }));
    expect(url.startsWith("data:image/png;base64,")).toBe(true);
  });
});
