import { afterEach, describe, expect, it } from "vitest";
import { companyDay, formatDate, formatDateTime, setDisplayTimeZone, shiftDay } from "./format";

describe("company time zone formatting", () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it("shows a UTC instant on the company's local day and hour", () => {
    setDisplayTimeZone("America/Los_Angeles");
    // 03:30 UTC on 2 Nov is still 1 Nov in California.
    expect(formatDate("2026-11-02T03:30:00Z")).toBe(new Date(2026, 10, 1).toLocaleDateString());
    expect(formatDateTime("2026-11-22T22:16:16Z")).toContain("2:16:16");
  });

  it("says N/A for missing or broken values", () => {
    expect(formatDateTime(null)).toBe("N/A");
    expect(formatDate("not a date")).toBe("N/A");
  });
});

describe("company days", () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it("is still yesterday in California after 4 pm Pacific on a UTC device", () => {
    setDisplayTimeZone("America/Los_Angeles");
    expect(companyDay(new Date("2026-11-23T01:30:00Z"))).toBe("2026-11-22");
  });

  it("moves by calendar days across month ends", () => {
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDay("2026-11-22", -29)).toBe("2026-10-24");
  });
});
