import { InventoryDashboardScreen } from "./inventory-screens";

export default InventoryDashboardScreen;
