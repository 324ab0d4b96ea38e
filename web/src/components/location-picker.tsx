import { SelectField } from "@/components/ui/input";
import { useTranslation } from "@/lib/i18n";

type Props = {
  choices: { id: string; name: string }[];
  value: string | null;
  onChange: (storeId: string) => void;
  error?: string;
};

/** The location a ticket is weighed at, for users who cover several (lib/ticket-location.ts);
 *  renders nothing for an assigned operator or a company with one location. */
export function LocationPicker({ choices, value, onChange, error }: Props) {
  const { t } = useTranslation();
  if (choices.length < 2) return null;
  return (
    <SelectField label={t("scale.location")} required value={value ?? ""} error={error} onChange={(e) => onChange(e.target.value)}
      data-testid="location-picker">
      <option value="">{t("scale.chooseLocation")}</option>
      {choices.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
    </SelectField>
  );
}
