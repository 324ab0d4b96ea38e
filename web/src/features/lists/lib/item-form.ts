import type { ListItem, ListItemPayload } from "../types";
import type { ListConfig } from "./list-config";

export type FormValues = Record<string, string | boolean>;
export type FormErrors = Record<string, string>;

export function initialValues(config: ListConfig): FormValues {
  return Object.fromEntries(config.fields.map((f) => [f.name, f.initial]));
}

export function valuesFromItem(config: ListConfig, item: ListItem): FormValues {
  const record = item as unknown as Record<string, unknown>;
  return Object.fromEntries(
    config.fields.map((f) => {
      const value = record[f.name];
      if (f.kind === "checkbox") return [f.name, Boolean(value)];
      return [f.name, value === null || value === undefined ? "" : String(value)];
    }),
  );
}

function toNumber(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Convert the form's strings for the server: numbers, an empty price as null (spec 2 section 5). */
export function toPayload(config: ListConfig, values: FormValues): ListItemPayload {
  const payload: ListItemPayload = {};
  for (const field of config.fields) {
    const value = values[field.name];
    if (field.kind === "checkbox") payload[field.name] = Boolean(value);
    else if (field.name === "is_organic") {
      // A yes/no select without a default: nothing chosen is sent as null, which the server refuses.
      const text = String(value ?? "");
      payload.is_organic = text === "" ? null : text === "true";
    }
    else if (field.kind === "number") {
      const text = String(value ?? "").trim();
      payload[field.name] = field.name === "default_price_per_unit" && text === "" ? null : toNumber(text);
    } else if (field.name === "name") payload.name = String(value ?? "").trim();
    else if (field.kind === "select" && String(value ?? "") === "") payload[field.name] = null;
    else payload[field.name] = String(value ?? "");
  }
  return payload;
}

const ORGANIC_REQUIRED = "Say whether this waste type is organic waste (SB 1383)";

/**
 * The add dialogs' one check: a waste type must answer the organic question (issue 29: the SB 1383
 * figures count organic waste only, and the server refuses a missing answer with a 422). Otherwise
 * the add dialogs show no client-side validation: the server decides and its detail is shown.
 */
export function validateAdd(config: ListConfig, values: FormValues): FormErrors {
  return config.path === "waste-types" && String(values.is_organic ?? "") === "" ? { is_organic: ORGANIC_REQUIRED } : {};
}

/** The edit dialogs' checks with the spec's messages (section 5). */
export function validateEdit(config: ListConfig, values: FormValues, item?: ListItem | null): FormErrors {
  const errors: FormErrors = {};
  if (!String(values.name ?? "").trim()) errors.name = "Name is required";
  if (config.path === "waste-types" && String(values.is_organic ?? "") === "") {
    errors.is_organic = ORGANIC_REQUIRED;
  }
  if (config.path === "waste-types" && !String(values.unit_of_measure ?? "").trim()) {
    errors.unit_of_measure = "Unit of measure is required";
  }
  if (config.path === "waste-types" && String(values.default_price_per_unit ?? "").trim() !== "") {
    if (toNumber(String(values.default_price_per_unit)) < 0) errors.default_price_per_unit = "Price must be 0 or greater";
  }
  if (config.path === "container-types") {
    const capacity = toNumber(String(values.capacity_gallons));
    // The Custom Container's capacity stays 0 ("varies"), as the server allows.
    const unchangedZero = capacity === 0 && Number(item?.capacity_gallons ?? NaN) === 0;
    if (!(capacity > 0) && !unchangedZero) errors.capacity_gallons = "Capacity must be greater than 0";
    if (String(values.tare_weight_lbs ?? "").trim() === "" || toNumber(String(values.tare_weight_lbs)) < 0) {
      errors.tare_weight_lbs = "Tare weight must be 0 or greater";
    }
  }
  return errors;
}

/** The spec's words for outcomes (section 8), one place for all six lists. */
export function messages(config: ListConfig) {
  const lower = config.noun.toLowerCase();
  const methodology = config.path === "carbon-methodologies";
  return {
    created: `${config.noun} ${config.createdWord} successfully!`,
    updated: `${config.noun} updated successfully!`,
    saveFailed: (detail: string) => `Error: ${detail}`,
    createNetwork: (detail: string) =>
      methodology ? `Error creating carbon methodology: ${detail}` : `Error adding ${lower}`,
    updateNetwork: (detail: string) =>
      methodology ? `Error updating carbon methodology: ${detail}` : `Error updating ${lower}`,
    toggleFailed: (detail: string | undefined) => (detail ? `Error: ${detail}` : `Failed to update ${lower}`),
    toggleNetwork: `Error updating ${lower}. Please try again.`,
    notFound: `Error: ${config.noun} not found`,
    reorderFailed: methodology ? "Error reordering carbon methodologies" : `Failed to reorder ${config.plural}`,
    reorderNetwork: (detail: string) =>
      methodology ? `Error reordering: ${detail}` : `Error reordering ${config.plural}`,
  };
}
