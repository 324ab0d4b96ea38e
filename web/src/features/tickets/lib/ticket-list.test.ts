// @vitest-environment node
import { activeFilterCount, dedupeNewestFirst, statusTone, ticketsFromResponse, toQuery } from "./ticket-list";

describe("ticket lists", () => {
  it("reads a bare list or an object with tickets or results", () => {
    expect(ticketsFromResponse([1])).toEqual([1]);
    expect(ticketsFromResponse({ tickets: [2] })).toEqual([2]);
    expect(ticketsFromResponse({ results: [3] })).toEqual([3]);
    expect(ticketsFromResponse(null)).toEqual([]);
  });
  it("de-duplicates by id and sorts newest first", () => {
    const rows = dedupeNewestFirst([
      { id: "a", ticket_number: "T-1", ticket_at: "2026-11-20T10:00:00Z" },
      { id: "b", ticket_number: "T-2", ticket_at: "2026-11-22T10:00:00Z" },
      { id: "a", ticket_number: "T-1", ticket_at: "2026-11-20T10:00:00Z" },
    ]);
    expect(rows.map((r) => r.id)).toEqual(["b", "a"]);
  });
  it("colours completed green, draft yellow and anything else gray", () => {
    expect(statusTone("completed")).toBe("green");
    expect(statusTone("draft")).toBe("yellow");
    expect(statusTone("void")).toBe("gray");
  });
  it("counts active report filters beyond today-through-today", () => {
    const f = { start_date: "2026-11-22", end_date: "2026-11-22", waste_type: "", destination: "", container_type: "", store_id: "" };
    expect(activeFilterCount(f, "2026-11-22")).toBe(0);
    expect(activeFilterCount({ ...f, start_date: "2026-11-01", waste_type: "Food Waste" }, "2026-11-22")).toBe(2);
  });
  it("leaves empty filters out of the query", () => {
    expect(toQuery({ a: "1", b: "", c: undefined })).toBe("?a=1");
  });
});
