"""Address search through a Nominatim-compatible service (Settings.geocoder_url).

Sign-up must never fail because of it: a short query, no configured service, a slow or broken
service all give an empty list, quickly (Settings.geocoder_timeout_s).
"""
from __future__ import annotations

import logging

import httpx

from api.address.schemas import AddressSuggestion, SuggestionContact, SuggestionTags
from api.core.config import get_settings

log = logging.getLogger("flow.address")
MIN_QUERY = 3

# OSM class -> types per organisation type of the sign-up flow; None = every type of that class.
ORG_TYPES: dict[str, dict[str, set[str] | None]] = {
    "restaurant": {"amenity": {"restaurant", "fast_food", "cafe", "food_court", "bar", "pub", "ice_cream", "biergarten"},
                   "shop": {"bakery", "deli", "butcher", "confectionery", "pastry", "coffee"}},
    "government": {"amenity": {"townhall", "courthouse", "police", "fire_station", "post_office", "prison",
                               "public_building", "library", "community_centre"},
                   "office": {"government"}, "building": {"government", "public", "civic"}},
    "education": {"amenity": {"school", "university", "college", "kindergarten", "childcare"},
                  "building": {"school", "university", "college", "kindergarten"}},
    "healthcare": {"amenity": {"hospital", "clinic", "doctors", "dentist", "pharmacy", "nursing_home"},
                   "healthcare": None, "building": {"hospital"}, "social_facility": None},
    "corporate": {"office": None, "building": {"office", "commercial"}},
    "retail": {"shop": None, "amenity": {"marketplace"}, "building": {"retail", "supermarket"}},
    "hospitality": {"tourism": {"hotel", "motel", "guest_house", "hostel", "resort", "apartment"},
                    "amenity": {"events_venue", "conference_centre"}, "building": {"hotel"}},
}
# With no organisation type: businesses, public and institutional places of any kind.
BROAD_CLASSES = {"amenity", "shop", "office", "tourism", "healthcare", "craft", "leisure", "building",
                 "social_facility", "club"}
# A typed street address is always a fair answer ("Organization Name or Address").
ADDRESS_CLASSES = {"place": {"house", "building"}, "building": None}

STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO",
    "connecticut": "CT", "delaware": "DE", "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID",
    "illinois": "IL", "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN",
    "mississippi": "MS", "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV",
    "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC",
    "north dakota": "ND", "ohio": "OH", "oklahoma": "OK", "oregon": "OR", "pennsylvania": "PA",
    "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN", "texas": "TX",
    "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA", "west virginia": "WV",
    "wisconsin": "WI", "wyoming": "WY", "district of columbia": "DC",
}


def _matches(rules: dict[str, set[str] | None], osm_class: str, osm_type: str) -> bool:
    if osm_class not in rules:
        return False
    types = rules[osm_class]
    return types is None or osm_type in types


def keep(result: dict, org_type: str | None) -> bool:
    osm_class = result.get("class") or result.get("category") or ""
    osm_type = result.get("type") or ""
    if _matches(ADDRESS_CLASSES, osm_class, osm_type):
        return True
    rules = ORG_TYPES.get((org_type or "").lower())
    if rules is None:
        return osm_class in BROAD_CLASSES
    return _matches(rules, osm_class, osm_type)


def _state(address: dict) -> str | None:
    iso = address.get("ISO3166-2-lvl4") or ""
    if iso.startswith("US-"):
        return iso[3:]
    name = address.get("state")
    return STATES.get(name.lower(), name) if name else None


def to_suggestion(result: dict) -> AddressSuggestion:
    address = result.get("address") or {}
    tags = result.get("extratags") or {}
    phone = tags.get("phone") or tags.get("contact:phone")
    return AddressSuggestion(
        display_name=result.get("display_name") or "",
        name=result.get("name") or address.get(result.get("type") or "") or None,
        house_number=address.get("house_number"),
        street=address.get("road") or address.get("pedestrian") or address.get("street"),
        city=address.get("city") or address.get("town") or address.get("village") or address.get("hamlet"),
        state=_state(address),
        postcode=address.get("postcode"),
        lat=str(result["lat"]) if result.get("lat") is not None else None,
        lon=str(result["lon"]) if result.get("lon") is not None else None,
        type=result.get("type"),
        osm_class=result.get("class") or result.get("category"),
        place_id=result.get("place_id"),
        extratags=SuggestionTags(phone=phone),
        phone=phone,
        contact=SuggestionContact(phone=tags.get("contact:phone") or phone),
    )


async def autocomplete(q: str, limit: int, org_type: str | None) -> list[AddressSuggestion]:
    q = q.strip()
    settings = get_settings()
    if len(q) < MIN_QUERY or not settings.geocoder_url:
        return []
    params = {"q": q, "format": "jsonv2", "addressdetails": 1, "extratags": 1, "limit": min(limit * 3, 50),
              "countrycodes": "us"}
    headers = {"User-Agent": f"Flow/0.1 (+{settings.public_url})", "Accept": "application/json"}
    try:
        async with httpx.AsyncClient(timeout=settings.geocoder_timeout_s, headers=headers) as http:
            response = await http.get(settings.geocoder_url.rstrip("/") + "/search", params=params)
            response.raise_for_status()
            results = response.json()
    except (httpx.HTTPError, ValueError) as exc:
        log.warning("address search unavailable: %s", type(exc).__name__)
        return []
    if not isinstance(results, list):
        return []
    picked = [r for r in results if isinstance(r, dict) and keep(r, org_type)]
    return [to_suggestion(r) for r in picked[:limit]]
