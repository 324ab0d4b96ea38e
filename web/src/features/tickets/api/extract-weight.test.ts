import { tareFailureMessage, AI_MESSAGES } from "../components/capture/ai-messages";
import { extractTareWeight } from "./extract-weight";

describe("tare reading", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives up after its time-out and says so", async () => {
    vi.stubGlobal("fetch", vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    })));
    const error = await extractTareWeight(new Blob(["x"], { type: "image/jpeg" }), 20).catch((e) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(tareFailureMessage(error)).toBe(AI_MESSAGES.tareTimeout);
  });

  it("sends the photo as the multipart field image", async () => {
    const fetchSpy = vi.fn(async (_url: string, init: RequestInit) => {
      expect((init.body as FormData).get("image")).toBeInstanceOf(Blob);
      return new Response(JSON.stringify({ success: true, extracted_weight: 7.8, confidence: 96, provider_used: "local" }), { status: 200 });
    });
    vi.stubGlobal("fetch", fetchSpy);
    const reading = await extractTareWeight(new Blob(["x"], { type: "image/jpeg" }));
    expect(reading.extracted_weight).toBe(7.8);
    expect(fetchSpy.mock.calls[0][0]).toContain("/api/ai/weight-extraction");
  });
});

describe("weight reading", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("turns decimal strings into numbers", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ success: true, extracted_weight: "23.4", confidence: "91.50", provider_used: "local" }), { status: 200 })));
    const reading = await extractTareWeight(new Blob(["x"]));
    expect(reading.extracted_weight).toBe(23.4);
    expect(reading.confidence).toBe(91.5);
  });
});
