// @vitest-environment node
import { describe, expect, it } from "vitest";
import { diversionBar, lastDays } from "./conversions";

// The ESG equivalences (trees, car days, kWh) are the API's (dbt/macros/figures.sql, pinned by
// dbt/data-tests/figure_functions_match_hand_computed_figures.sql).
describe("ESG dashboard helpers", () => {
  it("colours the diversion bar green from the company's target and caps it at 100", () => {
    expect(diversionBar(74.9, 75)).toEqual({ width: 74.9, tone: "warn" });
    expect(diversionBar(75, 75)).toEqual({ width: 75, tone: "good" });
    expect(diversionBar(80, 85)).toEqual({ width: 80, tone: "warn" });
    expect(diversionBar(130, 85)).toEqual({ width: 100, tone: "good" });
  });

  it("defaults to the last 30 days including the company's today", () => {
    expect(lastDays(30, new Date("2026-10-31T20:00:00Z"))).toEqual({ start_date: "2026-10-02", end_date: "2026-10-31" });
  });
});
