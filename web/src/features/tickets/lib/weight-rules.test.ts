// @vitest-environment node
import { canCreateTicket, effectiveTare, netWeight, validateOutbound, type OutboundFormValues } from "./weight-rules";

const base: OutboundFormValues = {
  outbound_ticket_type: "type_1_container",
  waste_type: "Food Scraps",
  container_type: "Plastic Bucket",
  destination: "Compost",
  gross_weight: "12.5",
  custom_tare: "",
  license_plate: "",
  driver_name: "",
  customer_facing_notes: "",
  internal_notes: "",
};

describe("canCreateTicket", () => {
  it("is disabled while busy, for an empty weight and for 0 or less", () => {
    expect(canCreateTicket({ busy: true, weight: "10" })).toBe(false);
    expect(canCreateTicket({ busy: false, weight: "" })).toBe(false);
    expect(canCreateTicket({ busy: false, weight: "0" })).toBe(false);
    expect(canCreateTicket({ busy: false, weight: "-3" })).toBe(false);
    expect(canCreateTicket({ busy: false, weight: "abc" })).toBe(false);
    expect(canCreateTicket({ busy: false, weight: "0.1" })).toBe(true);
  });
});

describe("net and tare", () => {
  it("shows net to one decimal and never negative", () => {
    expect(netWeight(25.25, 7.8)).toBe(17.5);
    expect(netWeight(5, 7.8)).toBe(0);
  });
  it("counts a non-numeric custom tare as 0 and uses the container tare otherwise", () => {
    const containers = [{ name: "Slim Jim 23 (23gal)", tare_weight_lbs: "7.8" }];
    expect(effectiveTare("Custom Container", containers, "abc")).toBe(0);
    expect(effectiveTare("Custom Container", containers, "3.5")).toBe(3.5);
    expect(effectiveTare("Slim Jim 23 (23gal)", containers, "")).toBe(7.8);
    expect(effectiveTare("Unknown", containers, "")).toBe(0);
  });
});

describe("validateOutbound", () => {
  it("accepts a complete type 1 ticket", () => {
    expect(validateOutbound(base)).toEqual({});
  });
  it("requires waste type, container, destination and gross weight", () => {
    const errors = validateOutbound({ ...base, waste_type: "", container_type: "", destination: "", gross_weight: "" });
    expect(Object.keys(errors).sort()).toEqual(["container_type", "destination", "gross_weight", "waste_type"]);
  });
  it("requires plate and driver for type 2 and a custom tare for Custom Container", () => {
    const errors = validateOutbound({ ...base, outbound_ticket_type: "type_2_truck_scale", container_type: "Custom Container" });
    expect(errors.license_plate).toBeTruthy();
    expect(errors.driver_name).toBeTruthy();
    expect(errors.custom_tare).toBeTruthy();
  });
  it("limits notes to 500 characters", () => {
    expect(validateOutbound({ ...base, internal_notes: "x".repeat(501) }).internal_notes).toBeTruthy();
    expect(validateOutbound({ ...base, internal_notes: "x".repeat(500) }).internal_notes).toBeUndefined();
  });
});
