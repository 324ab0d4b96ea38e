import type { ListItem, ListPath } from "../types";

export type FieldKind = "text" | "textarea" | "number" | "select" | "checkbox" | "unit";

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  step?: string;
  min?: string;
  options?: { value: string; label: string }[];
  /** Value of the field in a fresh add form (spec 2 section 9 defaults). */
  initial: string | boolean;
  /** Shown below the field. */
  hint?: string;
}

export interface ListConfig {
  path: ListPath;
  /** Response key of GET (waste_types, ...). */
  key: string;
  title: string;
  subtitle: string;
  addLabel: string;
  addTitle: string;
  editTitle: string;
  /** Singular in messages: "Waste type", "Destination type", ... */
  noun: string;
  /** Plural lower case in messages: "waste types", ... */
  plural: string;
  /** Carbon methodologies word success as "created", the first three as "added". */
  createdWord: "added" | "created";
  fields: FieldSpec[];
  /** Fields the active toggle sends with the flipped flag. */
  toggleFields: string[];
  /** Show the position number in the row (carbon methodologies). */
  showPosition?: boolean;
  /** Show an Active/Inactive badge next to the toggle (carbon methodologies). */
  showActiveBadge?: boolean;
  /** Adding custom items needs the custom_lists plan feature (waste and destination types). */
  planGated?: boolean;
}

export const PRICING_UNITS = ["lb", "gallon", "each", "ton", "yard"] as const;
export const MANAGEMENT_PATHS = [
  { value: "donation", label: "Food donation" },
  { value: "animal_feed", label: "Animal feed" },
  { value: "rendering", label: "Rendering" },
  { value: "anaerobic_digestion", label: "Anaerobic digestion" },
  { value: "compost", label: "Compost" },
  { value: "recycling", label: "Recycling" },
  { value: "landfill", label: "Landfill" },
  { value: "combustion", label: "Combustion (incineration, waste-to-energy)" },
] as const;

export const CALCULATION_METHODS = ["EPA_2023", "IPCC_AR6", "GHG_PROTOCOL", "CARB_2023"] as const;

/** The spec shows the pricing unit 'yard' as cubic yards: 'yard³'. */
export function pricingUnitLabel(unit: string | undefined): string {
  return unit === "yard" ? "yard³" : (unit ?? "lb");
}

const NAME: FieldSpec = { name: "name", label: "Name", kind: "text", initial: "" };
const DESCRIPTION: FieldSpec = { name: "description", label: "Description", kind: "textarea", initial: "" };
const ACTIVE: FieldSpec = { name: "is_active", label: "Active", kind: "checkbox", initial: true };
const CO2: FieldSpec = {
  name: "co2_factor", label: "CO2 factor", kind: "number", step: "0.1", min: "0", initial: "1",
  hint: "Metric tons CO2e per short ton",
};
const CONVERSION: FieldSpec = {
  name: "conversion_factor", label: "Conversion factor", kind: "number", step: "0.1", min: "0", initial: "1",
};

/** Asked of every waste type, no default: the SB 1383 figures and the EAR count organic waste only. */
export const ORGANIC: FieldSpec = {
  name: "is_organic", label: "Organic waste (SB 1383)", kind: "select", initial: "",
  options: [
    { value: "", label: "Choose yes or no" },
    { value: "true", label: "Yes: food, green or landscape waste, wood, paper or cardboard, textiles, manure, biosolids" },
    { value: "false", label: "No: glass, metal, plastics, general trash" },
  ],
  hint: "14 CCR 18982(a)(46): the SB 1383 figures and the EAR count organic waste only",
};

export const WASTE_TYPES: ListConfig = {
  path: "waste-types", key: "waste_types",
  title: "Waste Types Management", subtitle: "Manage system standards and custom waste types",
  addLabel: "Add Waste Type", addTitle: "Add New Waste Type", editTitle: "Edit Waste Type",
  noun: "Waste type", plural: "waste types", createdWord: "added",
  fields: [
    NAME, DESCRIPTION,
    { name: "unit_of_measure", label: "Unit of measure", kind: "unit", initial: "lbs" },
    { name: "default_price_per_unit", label: "Default price per unit ($)", kind: "number", step: "0.01", min: "0",
      initial: "" },
    { name: "default_pricing_unit", label: "Pricing unit", kind: "select", initial: "lb",
      options: PRICING_UNITS.map((u) => ({ value: u, label: pricingUnitLabel(u) })) },
    ORGANIC,
    ACTIVE,
  ],
  toggleFields: ["name", "description", "unit_of_measure"],
  planGated: true,
};

export const DESTINATION_TYPES: ListConfig = {
  path: "destination-types", key: "destination_types",
  title: "Destination Types Management", subtitle: "Manage waste disposal and donation destinations",
  addLabel: "Add Destination", addTitle: "Add New Destination", editTitle: "Edit Destination Type",
  noun: "Destination type", plural: "destination types", createdWord: "added", planGated: true,
  fields: [
    NAME, DESCRIPTION,
    { name: "is_diversion", label: "Diversion (recycling, composting, donation; not landfill or disposal)",
      kind: "checkbox", initial: true },
    // Reports pick the CO2 factor by this path; unset counts as landfill there.
    { name: "management_path", label: "Management path (for CO2 reporting)", kind: "select", initial: "",
      options: [{ value: "", label: "Not set" }, ...MANAGEMENT_PATHS.map((p) => ({ value: p.value, label: p.label }))] },
    ACTIVE,
  ],
  toggleFields: ["name", "description"],
};

export const CONTAINER_TYPES: ListConfig = {
  path: "container-types", key: "container_types",
  title: "Container Types Management", subtitle: "Manage container types and tare weights",
  addLabel: "Add Container", addTitle: "Add New Container", editTitle: "Edit Container Type",
  noun: "Container type", plural: "container types", createdWord: "added",
  fields: [
    NAME, DESCRIPTION,
    { name: "capacity_gallons", label: "Capacity (gallons)", kind: "number", step: "0.1", min: "0", initial: "0" },
    { name: "tare_weight_lbs", label: "Tare weight (lbs)", kind: "number", step: "0.1", min: "0", initial: "0",
      hint: "Weight of the empty container" },
    ACTIVE,
  ],
  toggleFields: ["name", "description"],
};

export const DIVERSION_METHODS: ListConfig = {
  path: "diversion-methods", key: "diversion_methods",
  title: "Diversion Methods", subtitle: "Manage how diverted waste is handled and its CO2 factor",
  addLabel: "Add Diversion Method", addTitle: "Add Diversion Method", editTitle: "Edit Diversion Method",
  noun: "Diversion method", plural: "diversion methods", createdWord: "created",
  fields: [NAME, DESCRIPTION, { ...CO2, initial: "0" }, ACTIVE],
  toggleFields: ["name", "description"],
};

export const WASTE_SUBTYPES: ListConfig = {
  path: "waste-subtypes", key: "waste_subtypes",
  title: "Waste Subtypes", subtitle: "Manage waste subtypes and their conversion factors",
  addLabel: "Add Waste Subtype", addTitle: "Add Waste Subtype", editTitle: "Edit Waste Subtype",
  noun: "Waste subtype", plural: "waste subtypes", createdWord: "created",
  fields: [NAME, DESCRIPTION, CONVERSION, ACTIVE],
  toggleFields: ["name", "description"],
};

export const CARBON_METHODOLOGIES: ListConfig = {
  path: "carbon-methodologies", key: "carbon_methodologies",
  title: "Carbon Methodologies", subtitle: "Manage the methodologies used to calculate carbon impact",
  addLabel: "Add Carbon Methodology", addTitle: "Add Carbon Methodology", editTitle: "Edit Carbon Methodology",
  noun: "Carbon methodology", plural: "carbon methodologies", createdWord: "created",
  fields: [
    NAME, DESCRIPTION, CO2, CONVERSION,
    { name: "version", label: "Version", kind: "text", initial: "1.0" },
    { name: "calculation_method", label: "Calculation method", kind: "select", initial: "EPA_2023",
      options: CALCULATION_METHODS.map((m) => ({ value: m, label: m })) },
    ACTIVE,
  ],
  // The methodology toggle saves the full record with the flipped flag (spec 2 section 4).
  toggleFields: ["name", "description", "co2_factor", "conversion_factor", "version", "calculation_method"],
  showPosition: true,
  showActiveBadge: true,
};

export const LIST_CONFIGS: Record<ListPath, ListConfig> = {
  "waste-types": WASTE_TYPES,
  "destination-types": DESTINATION_TYPES,
  "container-types": CONTAINER_TYPES,
  "diversion-methods": DIVERSION_METHODS,
  "waste-subtypes": WASTE_SUBTYPES,
  "carbon-methodologies": CARBON_METHODOLOGIES,
};

/** The toggle's payload: the listed fields as stored, plus the flipped flag. */
export function togglePayload(config: ListConfig, item: ListItem): Record<string, unknown> {
  const record = item as unknown as Record<string, unknown>;
  const payload: Record<string, unknown> = {};
  for (const field of config.toggleFields) payload[field] = record[field] ?? null;
  payload.is_active = !item.is_active;
  return payload;
}
