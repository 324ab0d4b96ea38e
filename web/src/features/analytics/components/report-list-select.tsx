import { useQuery } from "@tanstack/react-query";
import { getActiveListItemsQueryOptions } from "@/lib/api/get-active-list-items";

type ListPath = "waste-types" | "destination-types";

/** A report filter over one of the company's lists (active items, in their order); "" means All. */
export function ReportListSelect({ label, path, value, onChange }: {
  label: string;
  path: ListPath;
  value: string | null | undefined;
  onChange: (next: string | undefined) => void;
}) {
  // The same query (and cache) as the ticket forms and the ticket lists' filters.
  const items = useQuery(getActiveListItemsQueryOptions(path)).data ?? [];
  const known = !value || items.some((i) => i.name === value);
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">All</option>
        {items.map((i) => <option key={i.id} value={i.name}>{i.name}</option>)}
        {/* A name since removed from the list stays choosable so the applied filter still shows. */}
        {!known && value && <option value={value}>{value}</option>}
      </select>
    </label>
  );
}
