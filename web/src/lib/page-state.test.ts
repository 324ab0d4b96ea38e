// @vitest-environment node
import { describe, expect, it } from "vitest";
import { pagerOf, readPageState, writePageState, type PagedList } from "./page-state";

describe("a list's position in the URL", () => {
  it("reads page, size, order and filters, with defaults for what is missing or malformed", () => {
    const s = readPageState(new URLSearchParams("page=17&size=50&order=asc&store_id=s1&junk=1"), ["store_id", "start_date"],
      { filters: { start_date: "2026-10-28" } });
    expect(s).toEqual({ page: 17, size: 50, offset: 800, sort: null, order: "asc", filters: { store_id: "s1", start_date: "2026-10-28" } });
    const bad = readPageState(new URLSearchParams("page=-3&size=abc&order=sideways"), []);
    expect(bad).toMatchObject({ page: 1, size: 50, offset: 0, order: "desc" });
  });

  it("keeps filters and sort across pages and returns to page 1 when the set changes", () => {
    const start = new URLSearchParams("start_date=2026-11-01&sort=ticket_at&order=asc&tab=x");
    const page17 = writePageState(start, { page: 17 });
    expect(page17.toString()).toBe("start_date=2026-11-01&sort=ticket_at&order=asc&tab=x&page=17");
    expect(readPageState(page17, ["start_date"]).filters).toEqual({ start_date: "2026-11-01" });
    const narrowed = writePageState(page17, { filters: { store_id: "s2", start_date: null } });
    expect(narrowed.get("page")).toBeNull();
    expect(narrowed.get("store_id")).toBe("s2");
    expect(narrowed.has("start_date")).toBe(false);
    expect(narrowed.get("tab")).toBe("x");
    expect(writePageState(page17, { size: 100 }).get("page")).toBeNull();
    expect(writePageState(page17, { page: 1 }).has("page")).toBe(false);
  });

  it("round-trips: what a change writes is what a reload reads", () => {
    const written = writePageState(new URLSearchParams(), { size: 25, filters: { q: "0042" } });
    const thenPaged = writePageState(written, { page: 3 });
    expect(readPageState(thenPaged, ["q"])).toMatchObject({ page: 3, size: 25, offset: 50, filters: { q: "0042" } });
  });
});

describe("pagerOf", () => {
  it("places the page in the API's total and writes its moves to the URL state", () => {
    const moves: unknown[] = [];
    const list = { ...readPageState(new URLSearchParams("page=3&size=25"), []), update: (p: unknown) => moves.push(p) } as PagedList;
    const pager = pagerOf(list, 812, "companies", true);
    expect(pager).toMatchObject({ offset: 50, size: 25, total: 812, noun: "companies", busy: true });
    pager.onPage(4);
    pager.onSize(100);
    expect(moves).toEqual([{ page: 4 }, { size: 100 }]);
  });
});
