import { InventoryManagementScreen } from "./inventory-screens";

export default InventoryManagementScreen;
