import { Badge } from "@/components/ui/badge";
import { pricingUnitLabel, type ListConfig } from "../lib/list-config";
import type { ListItem } from "../types";

function plain(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "0";
  return String(Number(value));
}

/** The list-specific lines and badges of a row (spec 2 section 2.7). */
export function RowDetails({ config, item }: { config: ListConfig; item: ListItem }) {
  const description = <p className="list-row-line muted">{item.description || "No description"}</p>;
  switch (config.path) {
    case "waste-types": {
      const price = item.default_price_per_unit;
      const hasPrice = price !== null && price !== undefined && price !== "";
      return (
        <>
          {description}
          <p className="list-row-line">
            {hasPrice
              ? `Default: $${Number(price).toFixed(2)}/${pricingUnitLabel(item.default_pricing_unit)}`
              : "No default pricing set"}
          </p>
          <div className="row list-row-badges">
            <Badge tone="blue">{item.unit_of_measure}</Badge>
            {item.is_organic ? <Badge tone="green">Organic (SB 1383)</Badge> : <Badge tone="gray">Not organic</Badge>}
          </div>
        </>
      );
    }
    case "destination-types":
      return (
        <>
          {description}
          <div className="row list-row-badges">
            {item.is_diversion ? <Badge tone="green">Diversion</Badge> : <Badge tone="amber">Non-Diversion</Badge>}
          </div>
        </>
      );
    case "container-types":
      return (
        <>
          {item.description && <p className="list-row-line muted">{item.description}</p>}
          <p className="list-row-line">
            {Number(item.capacity_gallons) === 0 && Number(item.tare_weight_lbs) === 0
              ? "Tare weight entered on each ticket"
              : `${plain(item.capacity_gallons)} gal · ${plain(item.tare_weight_lbs)} lbs tare`}
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
