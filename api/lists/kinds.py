"""The six reference lists described once each; the router and service are generic over them."""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel
from sqlalchemy.orm import InstrumentedAttribute

from api.lists import schemas as s
from api.subscription import plans
from api.tables.compliance import FoodRecoveryPartner
from api.tables.inbound import CustomerPrice
from api.tables.inventory import InventoryItem
from api.tables.lists import (
    CarbonMethodology,
    ContainerType,
    DestinationType,
    DiversionMethod,
    ListItemMixin,
    WasteSubtype,
    WasteType,
)
from api.tables.tickets import Ticket, TicketLineItem


@dataclass(frozen=True)
class ListKind:
    path: str  # URL segment under /api
    key: str  # response key and route-name suffix
    model: type[ListItemMixin]
    read: type[BaseModel]
    create: type[BaseModel]
    update: type[BaseModel]
    envelope: type[BaseModel]
    label: str  # "Waste type": messages read "Waste type not found"
    # Feature needed to add custom items (plans.py: "Custom waste and destination types" is pro+).
    create_gate: str | None
    # Columns whose rows keep history of an item: while any points at it, the item is only deactivated.
    used_by: tuple[InstrumentedAttribute, ...]
    # Columns a PUT may set to null; the others ignore a null.
    nullable: frozenset[str] = frozenset({"description"})


WASTE_TYPES = ListKind(
    "waste-types", "waste_types", WasteType, s.WasteTypeRead, s.WasteTypeCreate, s.WasteTypeUpdate, s.WasteTypeList,
    "Waste type", plans.CUSTOM_LISTS,
    (Ticket.waste_type_id, TicketLineItem.waste_type_id, InventoryItem.waste_type_id, CustomerPrice.waste_type_id),
    frozenset({"description", "default_price_per_unit", "material_category"}),
)
DESTINATION_TYPES = ListKind(
    "destination-types", "destination_types", DestinationType, s.DestinationTypeRead, s.DestinationTypeCreate,
    s.DestinationTypeUpdate, s.DestinationTypeList, "Destination type", plans.CUSTOM_LISTS,
    (Ticket.destination_id, FoodRecoveryPartner.destination_id),
    frozenset({"description", "management_path"}),
)
CONTAINER_TYPES = ListKind(
    "container-types", "container_types", ContainerType, s.ContainerTypeRead, s.ContainerTypeCreate,
    s.ContainerTypeUpdate, s.ContainerTypeList, "Container type", None,
    (Ticket.container_type_id, InventoryItem.container_type_id),
)
DIVERSION_METHODS = ListKind(
    "diversion-methods", "diversion_methods", DiversionMethod, s.DiversionMethodRead, s.DiversionMethodCreate,
    s.DiversionMethodUpdate, s.DiversionMethodList, "Diversion method", None,
    (Ticket.diversion_method_id,),
)
WASTE_SUBTYPES = ListKind(
    "waste-subtypes", "waste_subtypes", WasteSubtype, s.WasteSubtypeRead, s.WasteSubtypeCreate,
    s.WasteSubtypeUpdate, s.WasteSubtypeList, "Waste subtype", None,
    (Ticket.waste_subtype_id, InventoryItem.waste_subtype_id),
)
# Tickets record a methodology by its calculation-method code, not by row, so no row keeps one in use.
CARBON_METHODOLOGIES = ListKind(
    "carbon-methodologies", "carbon_methodologies", CarbonMethodology, s.CarbonMethodologyRead,
    s.CarbonMethodologyCreate, s.CarbonMethodologyUpdate, s.CarbonMethodologyList, "Carbon methodology", None,
    (),
)

ALL_KINDS = (WASTE_TYPES, DESTINATION_TYPES, CONTAINER_TYPES, DIVERSION_METHODS, WASTE_SUBTYPES, CARBON_METHODOLOGIES)
