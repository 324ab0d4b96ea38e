// @vitest-environment node
import { ApiError } from "@/lib/api-client";
import { PLATE_MESSAGES, plateNotFoundMessage, plateRecognitionError, plateScanOutcome } from "./plate-scan";

describe("what a plate reading does to the form", () => {
  it("fills the plate and looks it up when the reader found one", () => {
    expect(plateScanOutcome({ license_plate: "7abc123", detected_text: "7ABC123", confidence: 97 }))
      .toEqual({ kind: "plate", plate: "7ABC123" });
  });
  it("fills the raw text for a manual check when the reader has no plate", () => {
    expect(plateScanOutcome({ license_plate: null, detected_text: " calif  7ab ", confidence: 20 })).toEqual({
      kind: "verify", plate: "CALIF 7AB", message: 'AI detected: "CALIF 7AB". Please verify license plate manually.',
    });
  });
  it("asks for the plate by hand when the reader saw nothing", () => {
    expect(plateScanOutcome({ license_plate: null, detected_text: "", confidence: 0 })).toEqual({ kind: "none", message: PLATE_MESSAGES.noPlate });
    expect(plateScanOutcome({ license_plate: "  ", detected_text: null })).toEqual({ kind: "none", message: PLATE_MESSAGES.noPlate });
  });
});

describe("plate reading failures", () => {
  it("carries the server's detail", () => {
    expect(plateRecognitionError(new ApiError("Image is too large", 413, null))).toBe("AI Recognition Error: Image is too large");
  });
  it("falls back to 'Failed to process image' when the server gave no detail", () => {
    expect(plateRecognitionError(new ApiError("", 500, null))).toBe("AI Recognition Error: Failed to process image");
  });
  it("says the image could not be processed when no frame was sent", () => {
    expect(plateRecognitionError(new Error("camera not ready"))).toBe("Failed to process license plate image");
  });
  it("names the plate that has no vehicle", () => {
    expect(plateNotFoundMessage("7abc123")).toBe("No vehicle found with license plate 7ABC123");
  });
});
