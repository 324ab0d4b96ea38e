import { SelectField } from "@/components/ui/input";
import { formatWeight } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import type { ListItem } from "@/lib/api/get-active-list-items";
import { CUSTOM_CONTAINER } from "../../lib/weight-rules";

type Props = {
  wasteTypes: ListItem[];
  destinations: ListItem[];
  containers: ListItem[];
  value: { waste_type: string; destination: string; container_type: string };
  onChange: (patch: Partial<{ waste_type: string; destination: string; container_type: string }>) => void;
  errors?: Partial<Record<"waste_type" | "destination" | "container_type", string>>;
  withCustomContainer?: boolean;
};

/** Waste type, container and destination from the active items of the company's lists. */
export function ReferenceSelects({ wasteTypes, destinations, containers, value, onChange, errors = {}, withCustomContainer }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField label={t("details.wasteType")} required value={value.waste_type} error={errors.waste_type} onChange={(e) => onChange({ waste_type: e.target.value })}>
        <option value="">{t("details.selectWasteType")}</option>
        {wasteTypes.map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
      </SelectField>
      <SelectField label={t("details.containerType")} required value={value.container_type} error={errors.container_type} onChange={(e) => onChange({ container_type: e.target.value })}>
        <option value="">{t("details.selectContainer")}</option>
        {containers.map((c) => (
          <option key={c.id} value={c.name}>{c.tare_weight_lbs ? t("details.containerTare", { name: c.name, weight: formatWeight(c.tare_weight_lbs) }) : c.name}</option>
        ))}
        {withCustomContainer && !containers.some((c) => c.name === CUSTOM_CONTAINER) && <option value={CUSTOM_CONTAINER}>{t("details.customContainer")}</option>}
      </SelectField>
      <SelectField label={t("details.destination")} required value={value.destination} error={errors.destination} onChange={(e) => onChange({ destination: e.target.value })}>
        <option value="">{t("details.selectDestination")}</option>
        {destinations.map((d) => <option key={d.id} value={d.name}>{d.name}</option>)}
      </SelectField>
    </>
  );
}

