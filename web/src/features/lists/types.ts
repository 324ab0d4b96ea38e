// The six reference lists (spec 2 section 3), their shapes generated from the API (web/src/client/schema.d.ts).
import type { components } from "@/client/schema";

type Schemas = components["schemas"];

/** One list's row as the API returns it. */
export type ListRead = Schemas["WasteTypeRead"] | Schemas["DestinationTypeRead"] | Schemas["ContainerTypeRead"]
  | Schemas["DiversionMethodRead"] | Schemas["WasteSubtypeRead"] | Schemas["CarbonMethodologyRead"];

type EveryListsFields = Schemas["WasteTypeRead"] & Schemas["DestinationTypeRead"] & Schemas["ContainerTypeRead"]
  & Schemas["DiversionMethodRead"] & Schemas["WasteSubtypeRead"] & Schemas["CarbonMethodologyRead"];

/** A row of any list: the fields every list has, and each list's own fields where it has them. */
export type ListItem = Pick<Schemas["WasteTypeRead"], "id" | "name" | "description" | "is_active"
  | "is_system_standard" | "sort_order"> & Partial<EveryListsFields>;

export type ListPath =
  | "waste-types"
  | "destination-types"
  | "container-types"
  | "diversion-methods"
  | "waste-subtypes"
  | "carbon-methodologies";

export type UnitOfMeasure = Schemas["UnitOfMeasure"];

/** The payload of a write: strings from the form already converted (numbers, nulls). */
export type ListItemPayload = Record<string, string | number | boolean | null>;
