import { useSession } from "@/lib/session";
import type { ListConfig } from "../lib/list-config";
import { ReferenceList } from "./reference-list";

/** A list screen for the signed-in user: administrators edit, employees read. */
export function ListScreen({ config }: { config: ListConfig }) {
  const { user } = useSession();
  return <ReferenceList config={config} canEdit={user?.role === "store_admin"} />;
}
