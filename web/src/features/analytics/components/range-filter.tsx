import type { ReactNode } from "react";
import { useSession } from "@/lib/session";
import type { ReportFilters } from "../api/report-filters";

/** Date range and location: the filters every analytics screen shares. */
export function RangeFilter({ value, onChange, children }: {
  value: ReportFilters;
  onChange: (next: ReportFilters) => void;
  children?: ReactNode;
}) {
  const { user } = useSession();
  const locations = user?.company?.locations ?? [];
  const assigned = user?.assigned_location_id;
  return (
    <div className="form-grid analytics-filters">
      <label className="field">
        <span>From</span>
        <input type="date" value={value.start_date} max={value.end_date}
          onChange={(e) => e.target.value && onChange({ ...value, start_date: e.target.value })} />
      </label>
      <label className="field">
        <span>To</span>
        <input type="date" value={value.end_date} min={value.start_date}
          onChange={(e) => e.target.value && onChange({ ...value, end_date: e.target.value })} />
      </label>
      {!assigned && locations.length > 1 && (
        <label className="field">
          <span>Location</span>
          <select value={value.store_id ?? ""} onChange={(e) => onChange({ ...value, store_id: e.target.value || undefined })}>
            <option value="">All locations</option>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select>
        </label>
      )}
      {children}
    </div>
  );
}
