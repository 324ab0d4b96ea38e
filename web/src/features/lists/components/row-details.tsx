import { Badge } from "@/components/ui/badge";
import { formatUsd, getDisplayLocale, poundUnit } from "@/lib/format";
import { t } from "@/lib/i18n";
import { pricingUnitLabel, type ListConfig } from "../lib/list-config";
import type { ListItem } from "../types";

function plain(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "0";
  return String(Number(value));
}

/** A number as the user writes it, without padding ("23", "7.8", "1,000"). */
const figure = (value: string | number | null | undefined) => Number(plain(value)).toLocaleString(getDisplayLocale(), { maximumFractionDigits: 3 });

/** A unit's word in the user's language; one Flow does not know is shown as stored. */
const unitWord = (unit: string | null | undefined) => {
  const u = unit ?? "lb";
  return t(`lists.unit.${u}`, { defaultValue: pricingUnitLabel(u) });
};

/** The list-specific lines and badges of a row (spec 2 section 2.7), in the user's language
 * (the reference-list screen re-renders on a language switch, and with it these lines). */
export function RowDetails({ config, item }: { config: ListConfig; item: ListItem }) {
  const description = <p className="list-row-line muted">{item.description || t("lists.noDescription")}</p>;
  switch (config.path) {
    case "waste-types": {
      const price = item.default_price_per_unit;
      const hasPrice = price !== null && price !== undefined && price !== "";
      return (
        <>
          {description}
          <p className="list-row-line">
            {hasPrice
              ? t("lists.defaultPrice", { price: formatUsd(price), unit: unitWord(item.default_pricing_unit) })
              : t("lists.noPrice")}
          </p>
          <div className="row list-row-badges">
            <Badge tone="blue">{unitWord(item.unit_of_measure)}</Badge>
            {item.is_organic ? <Badge tone="green">{t("lists.organic")}</Badge> : <Badge tone="gray">{t("lists.notOrganic")}</Badge>}
          </div>
        </>
      );
    }
    case "destination-types":
      return (
        <>
          {description}
          <div className="row list-row-badges">
            {item.is_diversion ? <Badge tone="green">{t("lists.diversion")}</Badge> : <Badge tone="amber">{t("lists.nonDiversion")}</Badge>}
          </div>
        </>
      );
    case "container-types":
      return (
        <>
          {item.description && <p className="list-row-line muted">{item.description}</p>}
          <p className="list-row-line">
            {Number(item.capacity_gallons) === 0 && Number(item.tare_weight_lbs) === 0
              ? t("lists.tarePerTicket")
              : t("lists.capacityTare", { gallons: figure(item.capacity_gallons), tare: `${figure(item.tare_weight_lbs)} ${poundUnit()}` })}
          </p>
        </>
      );
    case "diversion-methods":
      return (
        <>
          {description}
          <p className="list-row-line">{`CO2 factor: ${plain(item.co2_factor)} t CO2e per short ton`}</p>
        </>
      );
    case "waste-subtypes":
      return (
        <>
          {description}
          <p className="list-row-line">{`Conversion factor: ${plain(item.conversion_factor)}`}</p>
        </>
      );
    case "carbon-methodologies":
      return (
        <>
          {description}
          <p className="list-row-line">{`Version ${item.version ?? "1.0"} · ${item.calculation_method ?? "EPA_2023"}`}</p>
        </>
      );
  }
}
