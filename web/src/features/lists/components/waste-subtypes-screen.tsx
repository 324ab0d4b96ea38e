import { WASTE_SUBTYPES } from "../lib/list-config";
import { ListScreen } from "./list-screen";

export default function WasteSubtypesScreen() {
  return <ListScreen config={WASTE_SUBTYPES} />;
}
