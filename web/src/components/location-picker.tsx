import { SelectField } from "@/components/ui/input";

type Props = {
  choices: { id: string; name: string }[];
  value: string | null;
  onChange: (storeId: string) => void;
  error?: string;
};

/** The location a ticket is weighed at, for users who cover several (lib/ticket-location.ts);
 *  renders nothing for an assigned operator or a company with one location. */
export function LocationPicker({ choices, value, onChange, error }: Props) {
  if (choices.length < 2) return null;
  return (
    <SelectField label="Location" required value={value ?? ""} error={error} onChange={(e) => onChange(e.target.value)}
      data-testid="location-picker">
      <option value="">Choose location</option>
      {choices.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
    </SelectField>
  );
}
