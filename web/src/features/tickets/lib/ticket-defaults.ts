// The ticket form's defaults (spec 2 s9): waste type 'Food Scraps', container 'Plastic Bucket',
// destination 'Compost'. Scale Entry and the outbound form both start here, so an operator who
// keeps the defaults never records a donation (or any other destination) by accident.
export const TICKET_FORM_DEFAULTS = {
  waste_type: "Food Scraps",
  container_type: "Plastic Bucket",
  destination: "Compost",
  carbon_methodology: "EPA_2023",
} as const;

type Named = { name: string };

/** The spec's default when the list holds it, else the list's first active item, else empty. */
export function defaultName(items: Named[], preferred: string): string {
  return items.find((i) => i.name === preferred)?.name ?? items[0]?.name ?? "";
}

/** Waste type, destination and container to start a new ticket with, from the company's lists. */
export function formDefaults(lists: { wasteTypes: Named[]; destinations: Named[]; containers: Named[] }) {
  return {
    waste_type: defaultName(lists.wasteTypes, TICKET_FORM_DEFAULTS.waste_type),
    destination: defaultName(lists.destinations, TICKET_FORM_DEFAULTS.destination),
    container_type: defaultName(lists.containers, TICKET_FORM_DEFAULTS.container_type),
  };
}
