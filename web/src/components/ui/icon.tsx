import {
  Banknote, Bot, Building2, ChartColumn, CircleCheck, CreditCard, DollarSign, Earth, Factory, FileText, FolderOpen,
  GraduationCap, Hospital, Hotel, Hourglass, Landmark, Leaf, Map, MapPin, Package, Receipt, Scale, School, Search,
  Settings, ShoppingCart, Sprout, Store, Ticket, TrendingUp, Truck, User, Users, UtensilsCrossed, Warehouse,
  type LucideIcon,
} from "lucide-react";

// Icons by name, so data modules (tiles, organization types) stay plain data.
const ICONS = {
  chart: ChartColumn, sprout: Sprout, earth: Earth, package: Package, banknote: Banknote, search: Search,
  file: FileText, leaf: Leaf, check: CircleCheck, dollar: DollarSign, bot: Bot, truck: Truck, scale: Scale,
  users: Users, receipt: Receipt, ticket: Ticket, hourglass: Hourglass, trend: TrendingUp, settings: Settings,
  building: Building2, map: Map, pin: MapPin, user: User, card: CreditCard, folder: FolderOpen, store: Store,
  utensils: UtensilsCrossed, landmark: Landmark, school: School, hospital: Hospital, cart: ShoppingCart,
  hotel: Hotel, factory: Factory, graduation: GraduationCap, warehouse: Warehouse,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  const Component = ICONS[name];
  return <Component size={size} className={className} aria-hidden="true" strokeWidth={1.8} />;
}
