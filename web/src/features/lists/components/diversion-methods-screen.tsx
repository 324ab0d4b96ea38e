import { DIVERSION_METHODS } from "../lib/list-config";
import { ListScreen } from "./list-screen";

export default function DiversionMethodsScreen() {
  return <ListScreen config={DIVERSION_METHODS} />;
}
