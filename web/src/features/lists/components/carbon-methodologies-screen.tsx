import { CARBON_METHODOLOGIES } from "../lib/list-config";
import { ListScreen } from "./list-screen";

export default function CarbonMethodologiesScreen() {
  return <ListScreen config={CARBON_METHODOLOGIES} />;
}
