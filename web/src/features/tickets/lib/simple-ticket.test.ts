// @vitest-environment node
import { buildSimpleTicket, isValidManualWeight, simpleSuccessMessage } from "./simple-ticket";

describe("simple tickets", () => {
  it("sends the fixed values and manual_override true when no AI weight was used", () => {
    const t = buildSimpleTicket({ weight: 31.4, imageData: null, aiConfidence: null, aiProvider: null });
    expect(t).toMatchObject({
      waste_type: "Food Waste", destination: "Compost", container_type: "Slim Jim 23 (23gal)",
      outbound_ticket_type: "type_1_container", gross_weight: 31.4, manual_override: true,
    });
    expect(t.internal_notes).toContain("manual entry");
  });
  it("records the AI confidence when the reader's weight was used", () => {
    const t = buildSimpleTicket({ weight: 20, imageData: "data:image/jpeg;base64,AA", aiConfidence: 93.6, aiProvider: "local" });
    expect(t.manual_override).toBe(false);
    expect(t.internal_notes).toContain("94%");
    expect(t.ocr_provider).toBe("local");
  });
  it("shows gross minus 7.8 lbs when the server gives no net weight", () => {
    expect(simpleSuccessMessage("T-20261122-0001", 12.2, 20)).toBe("Ticket T-20261122-0001 created successfully! Net weight: 12.2 lbs");
    expect(simpleSuccessMessage("T-1", null, 20)).toBe("Ticket T-1 created successfully! Net weight: 12.2 lbs");
  });
  it("accepts only a positive manual weight", () => {
    expect(isValidManualWeight("")).toBe(false);
    expect(isValidManualWeight("0")).toBe(false);
    expect(isValidManualWeight("-1")).toBe(false);
    expect(isValidManualWeight("0.1")).toBe(true);
  });
});
