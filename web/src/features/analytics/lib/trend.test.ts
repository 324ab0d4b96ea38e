// @vitest-environment node
import { describe, expect, it } from "vitest";
import { everyDay } from "./trend";

describe("the trend's days", () => {
  const monday = { date: "2026-11-16", weight: 100, diverted_weight: 100, diversion_rate: 100 };
  const thursday = { date: "2026-11-19", weight: 60, diverted_weight: 60, diversion_rate: 100 };

  it("fills the days without tickets with 0 lb and no rate", () => {
    const days = everyDay([monday, thursday], "2026-11-15", "2026-11-19");
    expect(days.map((d) => d.date)).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19"]);
    expect(days[1]).toEqual(monday);
    expect(days[2]).toEqual({ date: "2026-11-17", weight: 0, diverted_weight: 0, diversion_rate: null });
  });

  it("keeps only the days with tickets over more than a year", () => {
    expect(everyDay([monday, thursday], "2024-01-01", "2026-11-19")).toEqual([monday, thursday]);
  });
});
