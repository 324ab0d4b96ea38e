import { formatDateTime } from "@/lib/format";
/** When the warehouse behind a screen was last published; before the first refresh, says so. */
export function LastRefreshed({ at }: { at: string | null | undefined }) {
  return (
    <p className="small muted" data-testid="last-refreshed">
      {at ? `Data last refreshed ${formatDateTime(at)}` : "Data not refreshed yet: figures appear after the first warehouse refresh."}
    </p>
  );
}
