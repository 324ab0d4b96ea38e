import { afterEach, describe, expect, it } from "vitest";
import {
  companyDay, companyYearMonth, DEFAULT_TIME_ZONE, formatDate, formatDateTime, formatDay, formatPercent, parseDay, setDisplayLocale,
  setDisplayTimeZone, shiftDay,
} from "./format";

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

describe("the company's day (issue 29)", () => {
  afterEach(() => setDisplayTimeZone(undefined));
  const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).toLocaleDateString();

  it("never shifts a date without a time, in any zone", () => {
    for (const zone of ["America/Los_Angeles", "Pacific/Honolulu", "Asia/Tokyo", "UTC"]) {
      setDisplayTimeZone(zone);
      // A subscription ending 2026-11-30 ends on 11/30, not 11/29 (read as UTC midnight before).
      expect(formatDate("2026-11-30")).toBe(local(2026, 11, 30));
      expect(formatDay("2026-12-31")).toBe(local(2026, 12, 31));
      expect(formatDay("2027-01-01T00:00:00")).toBe(local(2027, 1, 1));
    }
    expect(parseDay("2026-03-08")?.getDate()).toBe(8); // the DST day is still the 8th
    expect(parseDay("2026-02-30")).toBeNull();
    expect(formatDay("not a day")).toBe("N/A");
  });

  it("counts 23:30 on 31 December in Honolulu in December and that year", () => {
    setDisplayTimeZone("Pacific/Honolulu");
    const at = new Date("2027-01-01T09:30:00Z"); // 23:30 HST on 31 Dec 2026
    expect(companyDay(at)).toBe("2026-12-31");
    expect(companyYearMonth(at)).toEqual({ year: 2026, month: 12 });
    expect(companyDay(new Date("2027-01-01T10:00:00Z"))).toBe("2027-01-01");
    expect(formatDate("2027-01-01T09:30:00Z")).toBe(local(2026, 12, 31));
  });

  it("keeps Los Angeles days across the DST changes and month ends", () => {
    setDisplayTimeZone("America/Los_Angeles");
    expect(companyDay(new Date("2026-03-08T07:30:00Z"))).toBe("2026-03-07"); // 23:30 PST
    expect(companyDay(new Date("2026-03-09T06:30:00Z"))).toBe("2026-03-08"); // 23:30 PDT
    expect(companyDay(new Date("2026-11-01T06:30:00Z"))).toBe("2026-10-31"); // 23:30 PDT
    expect(companyYearMonth(new Date("2026-11-01T07:30:00Z"))).toEqual({ year: 2026, month: 11 }); // 00:30 PDT
  });

  it("uses Flow's one default when the company has no zone", () => {
    setDisplayTimeZone(null);
    expect(DEFAULT_TIME_ZONE).toBe("America/Los_Angeles");
    expect(companyDay(new Date("2026-01-01T07:59:00Z"))).toBe("2025-12-31");
  });
});

describe("percent formatting", () => {
  afterEach(() => setDisplayLocale(undefined));

  it("writes every rate with one decimal, as the screens did", () => {
    expect(formatPercent(76.24)).toBe("76.2%");
    expect(formatPercent("75")).toBe("75.0%");
    expect(formatPercent(0)).toBe("0.0%");
  });

  it("uses the user's decimal mark", () => {
    setDisplayLocale("es-MX");
    expect(formatPercent(76.25)).toMatch(/^76[.,]\d%$/);
    setDisplayLocale("de-DE");
    expect(formatPercent(76.2)).toBe("76,2%");
  });
});
