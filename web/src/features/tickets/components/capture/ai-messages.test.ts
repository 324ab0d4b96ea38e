// @vitest-environment node
import { ApiError } from "@/lib/api-client";
import { AI_MESSAGES, tareFailureMessage } from "./ai-messages";

describe("tare failure messages", () => {
  it("says the reading timed out when the 30-second abort fires", () => {
    expect(tareFailureMessage(new DOMException("t", "TimeoutError"))).toBe(AI_MESSAGES.tareTimeout);
  });
  it("asks to check the connection on a network failure", () => {
    expect(tareFailureMessage(new ApiError("Network error. Please check your connection.", 0, null))).toBe(AI_MESSAGES.tareNetwork);
  });
  it("carries the server's detail", () => {
    expect(tareFailureMessage(new ApiError("Image is too large", 413, null))).toBe("AI Vision tare weight processing failed: Image is too large");
  });
});
