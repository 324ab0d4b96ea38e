import { SelectField, TextField } from "@/components/ui/input";
import { useSession } from "@/lib/session";
import { useTicketChoices } from "@/lib/api/get-active-list-items";
import type { ReportFilters } from "../../lib/ticket-list";

type Props = {
  value: ReportFilters;
  onChange: (next: ReportFilters) => void;
  withContainer?: boolean;
};

/** Date range, location, waste type, destination (and container) filters of the ticket lists. */
export function TicketFilterFields({ value, onChange, withContainer = true }: Props) {
  const { user } = useSession();
  const { wasteTypes, destinations, containers } = useTicketChoices();
  const locations = user?.company?.locations ?? [];
  const set = (patch: Partial<ReportFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="form-grid">
      <TextField label="Start date" type="date" value={value.start_date} max={value.end_date || undefined} onChange={(e) => set({ start_date: e.target.value })} />
      <TextField label="End date" type="date" value={value.end_date} min={value.start_date || undefined} onChange={(e) => set({ end_date: e.target.value })} />
      {!user?.assigned_location_id && (
        <SelectField label="Location" value={value.store_id} onChange={(e) => set({ store_id: e.target.value })}>
          <option value="">All locations</option>
          {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
        </SelectField>
      )}
      <SelectField label="Waste type" value={value.waste_type} onChange={(e) => set({ waste_type: e.target.value })}>
        <option value="">All waste types</option>
        {wasteTypes.map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
      </SelectField>
      <SelectField label="Destination" value={value.destination} onChange={(e) => set({ destination: e.target.value })}>
        <option value="">All destinations</option>
        {destinations.map((d) => <option key={d.id} value={d.name}>{d.name}</option>)}
      </SelectField>
      {withContainer && (
        <SelectField label="Container type" value={value.container_type} onChange={(e) => set({ container_type: e.target.value })}>
          <option value="">All containers</option>
          {containers.map((c) => <option key={c.id} value={c.name}>{c.name}</option>)}
        </SelectField>
      )}
    </div>
  );
}
