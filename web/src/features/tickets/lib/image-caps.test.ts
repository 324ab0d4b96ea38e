// @vitest-environment node
import { addImage, canAddImage, isCaptureDisabled, putFirst, type CapturedImage, type ImageKind } from "./image-caps";

const img = (type: ImageKind, i: number): CapturedImage => ({ id: `${type}${i}`, data: "d", timestamp: "t", type });

describe("image caps", () => {
  it("allows 2 gross, 2 tare and 8 additional", () => {
    let images: CapturedImage[] = [];
    for (let i = 0; i < 3; i++) images = addImage(images, img("gross", i));
    expect(images.filter((x) => x.type === "gross")).toHaveLength(2);
    expect(canAddImage(images, "tare")).toBe(true);
  });
  it("disables capture at 10 images in all", () => {
    let images: CapturedImage[] = [img("gross", 0), img("gross", 1)];
    for (let i = 0; i < 8; i++) images = addImage(images, img("additional", i));
    expect(images).toHaveLength(10);
    expect(isCaptureDisabled(images)).toBe(true);
    expect(canAddImage(images, "tare")).toBe(false);
    expect(addImage(images, img("tare", 0))).toHaveLength(10);
  });
});

describe("putFirst", () => {
  it("puts the newest gross photo first and drops the oldest beyond 2", () => {
    const images = [img("gross", 0), img("gross", 1), img("tare", 0)];
    const out = putFirst(images, img("gross", 2));
    expect(out.map((i) => i.id)).toEqual(["gross2", "gross0", "tare0"]);
  });
  it("does nothing when 10 photos of other kinds fill the ticket", () => {
    let images: CapturedImage[] = [img("tare", 0), img("tare", 1)];
    for (let i = 0; i < 8; i++) images = addImage(images, img("additional", i));
    expect(putFirst(images, img("gross", 0))).toBe(images);
  });
});
