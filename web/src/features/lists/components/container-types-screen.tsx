import { CONTAINER_TYPES } from "../lib/list-config";
import { ListScreen } from "./list-screen";

export default function ContainerTypesScreen() {
  return <ListScreen config={CONTAINER_TYPES} />;
}
