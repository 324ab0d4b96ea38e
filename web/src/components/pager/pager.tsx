import { formatCount } from "@/lib/format";
import { t, useTranslation } from "@/lib/i18n";
import { PAGE_SIZES } from "@/lib/page-state";

export type PagerProps = {
  /** Rows before this page, rows per page, rows in the whole filtered set. */
  offset: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize?: (size: number) => void;
  /** What the rows are, for screen readers: "tickets", "invoices". */
  noun?: string;
  busy?: boolean;
};

/** "1–50 of 812" as a pager says it; "0 of 0" for an empty set. */
export function pageRange(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return t("pager.none", { total: formatCount(total) });
  const first = offset + 1;
  const last = Math.min(offset + shown, total);
  return t("pager.range", { first: formatCount(first), last: formatCount(last), total: formatCount(total) });
}

/** The one pager of every list: position in the whole set, previous and next, page size. */
export function Pager({ offset, size, total, onPage, onSize, noun = "rows", busy }: PagerProps) {
  const { t } = useTranslation();
  const page = Math.floor(offset / size) + 1;
  const pages = Math.max(1, Math.ceil(total / size));
  const shown = Math.max(0, Math.min(size, total - offset));
  return (
    <nav className="table-pager" aria-label={t("pager.label", { noun })}>
      {onSize && (
        <label className="small">
          {t("pager.rowsPerPage")}{" "}
          <select value={size} onChange={(e) => onSize(Number(e.target.value))} data-testid="page-size">
            {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
      )}
      <span data-testid="page-range" aria-live="polite">{pageRange(offset, shown, total)}</span>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
        {t("pager.previous")}
      </button>
      <span className="small muted">{t("pager.page", { page: formatCount(page), pages: formatCount(pages) })}</span>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onPage(page + 1)} disabled={busy || page >= pages}>
        {t("pager.next")}
      </button>
      {pages > 2 && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onPage(pages)} disabled={busy || page >= pages}>
          {t("pager.last")}
        </button>
      )}
    </nav>
  );
}
