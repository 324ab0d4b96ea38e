import { DESTINATION_TYPES } from "../lib/list-config";
import { ListScreen } from "./list-screen";

export default function DestinationTypesScreen() {
  return <ListScreen config={DESTINATION_TYPES} />;
}
