import { WASTE_TYPES } from "../lib/list-config";
import { ListScreen } from "./list-screen";

export default function WasteTypesScreen() {
  return <ListScreen config={WASTE_TYPES} />;
}
