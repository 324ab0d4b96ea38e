import type { IconName } from "@/components/ui/icon";
import type { AddressSuggestion } from "./api/search-organizations";

export interface OrgType {
  id: "restaurant" | "government" | "education" | "healthcare" | "corporate" | "retail" | "hospitality" | "other";
  name: string;
  icon: IconName;
  examples: string;
  /** Search result classes/types that fit this kind of organization (OpenStreetMap tags). */
  searchHints: string[];
}

export const ORG_TYPES: OrgType[] = [
  { id: "restaurant", name: "Restaurant / Food Service", icon: "utensils", examples: "Restaurants, cafés, caterers, cafeterias", searchHints: ["restaurant", "cafe", "fast_food", "food_court", "bar", "pub", "bakery", "catering"] },
  { id: "government", name: "Government", icon: "landmark", examples: "City halls, agencies, public works", searchHints: ["townhall", "government", "public_building", "courthouse", "police", "fire_station", "office"] },
  { id: "education", name: "Education", icon: "school", examples: "K-12 schools, colleges, universities", searchHints: ["school", "university", "college", "kindergarten"] },
  { id: "healthcare", name: "Healthcare", icon: "hospital", examples: "Hospitals, clinics, care homes", searchHints: ["hospital", "clinic", "doctors", "nursing_home", "healthcare"] },
  { id: "corporate", name: "Corporate", icon: "building", examples: "Offices, campuses, headquarters", searchHints: ["office", "company", "commercial", "corporate", "building"] },
  { id: "retail", name: "Retail / Grocery", icon: "cart", examples: "Supermarkets, grocery stores, shops", searchHints: ["supermarket", "shop", "convenience", "grocery", "department_store", "mall", "retail"] },
  { id: "hospitality", name: "Hospitality", icon: "hotel", examples: "Hotels, resorts, event venues", searchHints: ["hotel", "motel", "resort", "guest_house", "hostel", "events_venue", "conference_centre"] },
  { id: "other", name: "Other", icon: "factory", examples: "Warehouses, manufacturing, venues", searchHints: [] },
];

/**
 * Keeps suggestions that fit the organization type. With no type (or "other") every business,
 * public or institutional result is kept, and so are plain addresses: people search by address too.
 */
export function filterByOrgType(results: AddressSuggestion[], type: OrgType | null): AddressSuggestion[] {
  const hints = type?.searchHints ?? [];
  if (hints.length === 0) return results;
  return results.filter((s) => {
    const tags = [s.type, s.class].filter(Boolean).map((t) => String(t).toLowerCase());
    return tags.length === 0 || tags.some((t) => hints.includes(t));
  });
}
