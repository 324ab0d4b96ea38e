import { describe, expect, it } from "vitest";
import { carDays, diversionBar, energyKwh, lastDays, treesPlanted } from "./conversions";

describe("ESG equivalences (spec 2 s2.5)", () => {
  it("converts pounds of CO2 into trees, car days and kWh", () => {
    expect(treesPlanted(88.9)).toBeCloseTo(10);
    expect(carDays(46)).toBeCloseTo(10);
    expect(energyKwh(100)).toBeCloseTo(85);
  });

  it("colours the diversion bar green from 75 and caps it at 100", () => {
    expect(diversionBar(74.9)).toEqual({ width: 74.9, tone: "warn" });
    expect(diversionBar(75)).toEqual({ width: 75, tone: "good" });
    expect(diversionBar(130)).toEqual({ width: 100, tone: "good" });
  });

  it("defaults to the last 30 days including today", () => {
    expect(lastDays(30, new Date(2026, 9, 31))).toEqual({ start_date: "2026-10-02", end_date: "2026-10-31" });
  });
});
