// One shape for the six reference lists (spec 2 section 3); each list adds its own fields.
export interface ListItem {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  is_system_standard: boolean;
  sort_order: number;
  // Waste types
  unit_of_measure?: string;
  default_price_per_unit?: string | number | null;
  default_pricing_unit?: string;
  // Destination types
  is_diversion?: boolean;
  management_path?: string | null;
  // Container types
  capacity_gallons?: string | number;
  tare_weight_lbs?: string | number;
  // Diversion methods, waste subtypes, carbon methodologies
  co2_factor?: string | number;
  conversion_factor?: string | number;
  version?: string;
  calculation_method?: string;
}

export type ListPath =
  | "waste-types"
  | "destination-types"
  | "container-types"
  | "diversion-methods"
  | "waste-subtypes"
  | "carbon-methodologies";

export interface UnitOfMeasure {
  code: string;
  display_name: string;
}

/** The payload of a write: strings from the form already converted (numbers, nulls). */
export type ListItemPayload = Record<string, string | number | boolean | null>;
