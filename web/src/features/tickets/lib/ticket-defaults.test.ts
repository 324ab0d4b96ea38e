// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formDefaults } from "./ticket-defaults";

const named = (...names: string[]) => names.map((name) => ({ name }));

describe("formDefaults", () => {
  it("starts on Food Scraps, Plastic Bucket and Compost even when they are not first (spec 2 s9)", () => {
    const d = formDefaults({
      wasteTypes: named("Cardboard", "Food Scraps"),
      destinations: named("Food Donation", "Landfill", "Compost"),
      containers: named("Slim Jim 23 (23gal)", "Plastic Bucket"),
    });
    expect(d).toEqual({ waste_type: "Food Scraps", destination: "Compost", container_type: "Plastic Bucket" });
  });

  it("never picks Food Donation when Compost is missing and another item comes first", () => {
    const d = formDefaults({ wasteTypes: named("Glass"), destinations: named("Landfill", "Food Donation"), containers: [] });
    expect(d).toEqual({ waste_type: "Glass", destination: "Landfill", container_type: "" });
  });
});
