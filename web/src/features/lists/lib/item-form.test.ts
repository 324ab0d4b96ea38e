// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { ListItem } from "../types";
import { messages, toPayload, validateEdit } from "./item-form";
import { CARBON_METHODOLOGIES, CONTAINER_TYPES, WASTE_TYPES, togglePayload } from "./list-config";
import { moveItem, reorderPayload } from "./reorder";

const item = (id: string, n: number): ListItem => ({
  id, name: id, description: null, is_active: true, is_system_standard: false, sort_order: n,
});

describe("moveItem", () => {
  it("moves an item onto another's place and renumbers from 1", () => {
    const moved = moveItem([item("a", 4), item("b", 7), item("c", 9)], 2, 0);
    expect(moved.map((i) => [i.id, i.sort_order])).toEqual([["c", 1], ["a", 2], ["b", 3]]);
    expect(reorderPayload(moved).items[0]).toEqual({ id: "c", sort_order: 1 });
  });

  it("leaves the list alone for a move outside it", () => {
    const items = [item("a", 1)];
    expect(moveItem(items, 0, 1)).toBe(items);
  });
});

describe("item form", () => {
  it("turns numbers into numbers, a non-number into 0 and an empty price into null", () => {
    expect(toPayload(CARBON_METHODOLOGIES, {
      name: " EPA ", description: "", co2_factor: "abc", conversion_factor: "1.5", version: "1.0",
      calculation_method: "EPA_2023", is_active: true,
    })).toMatchObject({ name: "EPA", co2_factor: 0, conversion_factor: 1.5 });
    expect(toPayload(WASTE_TYPES, { name: "x", default_price_per_unit: "" }).default_price_per_unit).toBeNull();
  });

  it("asks whether a waste type is organic (SB 1383) and sends a boolean, or null when not chosen", () => {
    expect(toPayload(WASTE_TYPES, { name: "x", is_organic: "true" }).is_organic).toBe(true);
    expect(toPayload(WASTE_TYPES, { name: "x", is_organic: "false" }).is_organic).toBe(false);
    expect(toPayload(WASTE_TYPES, { name: "x", is_organic: "" }).is_organic).toBeNull();
    expect(validateEdit(WASTE_TYPES, { name: "x", unit_of_measure: "lbs", is_organic: "" })).toEqual({
      is_organic: "Say whether this waste type is organic waste (SB 1383)",
    });
  });

  it("uses the spec's edit messages", () => {
    expect(validateEdit(WASTE_TYPES, { name: " ", unit_of_measure: "", is_organic: "true" })).toEqual({
      name: "Name is required", unit_of_measure: "Unit of measure is required",
    });
    expect(validateEdit(CONTAINER_TYPES, { name: "x", capacity_gallons: "0", tare_weight_lbs: "-1" })).toEqual({
      capacity_gallons: "Capacity must be greater than 0", tare_weight_lbs: "Tare weight must be 0 or greater",
    });
  });

  it("words outcomes per list", () => {
    expect(messages(WASTE_TYPES).created).toBe("Waste type added successfully!");
    expect(messages(CARBON_METHODOLOGIES).created).toBe("Carbon methodology created successfully!");
    expect(messages(CONTAINER_TYPES).reorderFailed).toBe("Failed to reorder container types");
    expect(messages(CARBON_METHODOLOGIES).reorderNetwork("offline")).toBe("Error reordering: offline");
  });

  it("sends the full methodology record with the flipped flag on toggle", () => {
    const methodology = { ...item("m", 1), co2_factor: "1", conversion_factor: "1", version: "2023",
      calculation_method: "EPA_2023" };
    expect(togglePayload(CARBON_METHODOLOGIES, methodology)).toEqual({
      name: "m", description: null, co2_factor: "1", conversion_factor: "1", version: "2023",
      calculation_method: "EPA_2023", is_active: false,
    });
  });
});

describe("custom container", () => {
  it("may keep its zero capacity in the edit dialog, other containers may not", () => {
    const custom = { ...item("Custom Container", 10), capacity_gallons: "0.0", tare_weight_lbs: "0.0" };
    const bucket = { ...item("Plastic Bucket", 1), capacity_gallons: "5.0", tare_weight_lbs: "1.5" };
    const values = { name: "x", capacity_gallons: "0", tare_weight_lbs: "0" };
    expect(validateEdit(CONTAINER_TYPES, values, custom)).toEqual({});
    expect(validateEdit(CONTAINER_TYPES, values, bucket)).toEqual({ capacity_gallons: "Capacity must be greater than 0" });
  });
});
