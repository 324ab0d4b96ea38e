import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readingDoubt, LOW_CONFIDENCE } from "./ai-messages";
import { WeightCapture } from "./weight-capture";

// The camera needs a device; here it hands over a photo at once.
vi.mock("./auto-capture-camera", () => ({
  AutoCaptureCamera: ({ onCapture }: { onCapture: (b: Blob) => void }) => (
    <button type="button" onClick={() => onCapture(new Blob(["photo"], { type: "image/jpeg" }))}>Shoot</button>
  ),
}));

function answer(body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } })));
}

afterEach(() => vi.unstubAllGlobals());

async function capture(storeId?: string) {
  render(<WeightCapture onAccept={() => {}} storeId={storeId} />);
  fireEvent.click(screen.getByRole("button", { name: /Take Weight Image/ }));
  fireEvent.click(screen.getByRole("button", { name: "Shoot" }));
  await screen.findByRole("button", { name: "Accept Weight" });
}

const doubtful = {
  success: true, extracted_weight: 206.1, confidence: 28.7, provider_used: "local_ocr", unit_detected: null, raw_text: "206.1",
  message: "Weight detected: 206.1 lb (29% confidence). Display at an angle — check the weight.", accept_confidence: 80,
};

describe("weight capture", () => {
  it("shows the operator why a doubtful reading needs a check", async () => {
    answer(doubtful);
    await capture();
    expect(screen.getByTestId("reading-doubt")).toHaveTextContent("Display at an angle — check the weight.");
    expect(screen.getByText(/206\.1 lbs/, { selector: "strong" })).toBeInTheDocument();
  });

  it("shows no doubt for a reading above the acceptance confidence", async () => {
    answer({ ...doubtful, confidence: 96, message: "Weight detected: 206.1 lb (96% confidence)" });
    await capture();
    expect(screen.queryByTestId("reading-doubt")).toBeNull();
  });
});

describe("the location's scale display unit", () => {
  it("sends the location and shows the conversion when the display hid a kg unit", async () => {
    answer({ ...doubtful, extracted_weight: 517.4, confidence: 95, message: "Weight detected: 517.4 lb (95% confidence)",
      unit_source: "location", unit_applied: "kg", display_value: 234.7 });
    await capture("store-7");
    const sent = (vi.mocked(fetch).mock.calls[0][1] as RequestInit).body as FormData;
    expect(sent.get("store_id")).toBe("store-7");
    expect(screen.getByTestId("reading-unit")).toHaveTextContent("Unit from this location's setting: 234.7 kg = 517.4 lbs");
  });

  it("says nothing of the unit when the display showed it, and words a disagreement for the operator", async () => {
    answer({ ...doubtful, confidence: 40, unit_detected: "kg", unit_source: "display", unit_applied: "kg",
      message: "Weight detected: 206.1 lb (40% confidence). The display shows kg, this location's scale is set to lb — check the weight." });
    await capture();
    expect(screen.queryByTestId("reading-unit")).toBeNull();
    expect(screen.getByTestId("reading-doubt")).toHaveTextContent("The display shows kg, but this location's scale is set to lb — check the weight.");
  });
});

describe("reading doubt", () => {
  it("falls back to plain words when a low reading gives no reason", () => {
    expect(readingDoubt({ confidence: 40, message: "Weight detected: 12 lb (40% confidence)" })).toBe(LOW_CONFIDENCE);
    expect(readingDoubt({ confidence: 85, accept_confidence: 90, message: null })).toBe(LOW_CONFIDENCE);
    expect(readingDoubt({ confidence: 90, message: "Weight detected: 12 lb (90% confidence)" })).toBeNull();
  });
});
