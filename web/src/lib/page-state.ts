import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";

/**
 * A list's position in the URL: page (1-based), page size, sort, order and the list's own filters,
 * so back, reload and a shared link return to the same page of the same set. Every list screen
 * pages through the API with these (limit = size, offset = (page - 1) * size).
 */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type PageState = {
  page: number;
  size: number;
  offset: number;
  sort: string | null;
  order: "asc" | "desc";
  filters: Record<string, string>;
};

export type PageDefaults = { size?: number; sort?: string; order?: "asc" | "desc"; filters?: Record<string, string> };

const positive = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The list state a URL's query holds; anything missing or malformed is the default. */
export function readPageState(params: URLSearchParams, filterKeys: readonly string[], defaults: PageDefaults = {}): PageState {
  const size = positive(params.get("size"), defaults.size ?? DEFAULT_PAGE_SIZE);
  const page = positive(params.get("page"), 1);
  const order = params.get("order") === "asc" ? "asc" : params.get("order") === "desc" ? "desc" : (defaults.order ?? "desc");
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key) ?? defaults.filters?.[key];
    if (value) filters[key] = value;
  }
  return { page, size, offset: (page - 1) * size, sort: params.get("sort") ?? defaults.sort ?? null, order, filters };
}

export type PagePatch = { page?: number; size?: number; sort?: string | null; order?: "asc" | "desc"; filters?: Record<string, string | null | undefined> };

/**
 * The query after a change. A new size, sort or filter goes back to page 1 (the old page may not
 * exist in the new set); other parameters of the URL (a dialog's, a tab's) are kept.
 */
export function writePageState(params: URLSearchParams, patch: PagePatch): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  };
  let reset = false;
  if (patch.size !== undefined) { set("size", patch.size); reset = true; }
  if (patch.sort !== undefined) { set("sort", patch.sort); reset = true; }
  if (patch.order !== undefined) { set("order", patch.order); reset = true; }
  for (const [key, value] of Object.entries(patch.filters ?? {})) { set(key, value); reset = true; }
  if (patch.page !== undefined) set("page", patch.page > 1 ? patch.page : null);
  else if (reset) next.delete("page");
  return next;
}

/** The list state of this screen's URL and its setter (a history entry per change: back returns). */
export function usePageState(filterKeys: readonly string[] = [], defaults: PageDefaults = {}) {
  const [params, setParams] = useSearchParams();
  const keys = filterKeys.join(",");
  const defaultsKey = JSON.stringify(defaults);
  // dependencies deliberately partial
  const state = useMemo(() => readPageState(params, keys ? keys.split(",") : [], defaults), [params, keys, defaultsKey]);
  const update = useCallback((patch: PagePatch) => setParams((current) => writePageState(current, patch)), [setParams]);
  return { ...state, update };
}

export type PagedList = ReturnType<typeof usePageState>;

/**
 * The pager of a paged list: where the page sits in the API's `total`, and its moves written to the
 * URL. Pass the result to `DataTable`'s `pager` (or spread it into `Pager`).
 */
export function pagerOf(list: PagedList, total: number, noun: string, busy?: boolean) {
  return {
    offset: list.offset, size: list.size, total, noun, busy,
    onPage: (page: number) => list.update({ page }),
    onSize: (size: number) => list.update({ size }),
  };
}

/**
 * A search box over a paged list: `typed` shows at once; the URL (and so the API) takes it a moment
 * after typing stops, at page 1. Back or reload restores the box from the URL.
 */
export function useSearchFilter(list: PagedList, key = "search", delay = 300) {
  const search = list.filters[key] ?? "";
  const [typed, setTyped] = useState(search);
  const { update } = list;
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => update({ filters: { [key]: typed.trim() } }), delay);
    return () => clearTimeout(timer);
    // Not on `search`: a URL change (back) resets `typed` below instead of writing the old text back.
    // dependencies deliberately partial
  }, [typed, update, key, delay]);
  useEffect(() => setTyped(search), [search]);
  return { search, typed, setTyped };
}
