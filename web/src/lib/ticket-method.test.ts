// @vitest-environment node
import { ticketMethodLabel } from "./ticket-method";

describe("ticketMethodLabel", () => {
  it("reads AI Vision when an AI provider read the weight", () => {
    expect(ticketMethodLabel({ ocr_provider: "gpt4_vision", manual_override: false })).toBe("AI Vision");
    expect(ticketMethodLabel({ ocr_provider: "local", manual_override: true })).toBe("AI Vision");
  });
  it("reads Manual when the weight was typed over the reader", () => {
    expect(ticketMethodLabel({ ocr_provider: null, manual_override: true })).toBe("Manual");
  });
  it("reads Entry otherwise", () => {
    expect(ticketMethodLabel({})).toBe("Entry");
    expect(ticketMethodLabel({ ocr_provider: "", manual_override: false })).toBe("Entry");
  });
});
