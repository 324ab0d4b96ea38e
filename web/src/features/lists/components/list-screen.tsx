import { useQuery } from "@tanstack/react-query";
import { getCurrentSubscriptionQueryOptions } from "@/lib/api/get-current-subscription";
import { useSession } from "@/lib/session";
import type { ListConfig } from "../lib/list-config";
import { ReferenceList } from "./reference-list";

// api/subscription/plans.py: "Custom waste and destination types" is a Pro and Enterprise feature.
const CUSTOM_LISTS = "custom_lists";
const CUSTOM_LISTS_MESSAGE = "Custom waste and destination types are available on the Pro and Enterprise plans";

/** A list screen for the signed-in user: administrators edit, employees read. */
export function ListScreen({ config }: { config: ListConfig }) {
  const { user } = useSession();
  const canEdit = user?.role === "store_admin";
  const subscription = useQuery({ ...getCurrentSubscriptionQueryOptions(), enabled: canEdit && Boolean(config.planGated) });
  const features = subscription.data?.features;
  const addLocked = Boolean(config.planGated && features && !features.includes(CUSTOM_LISTS));
  return <ReferenceList config={config} canEdit={canEdit} addLockedReason={addLocked ? CUSTOM_LISTS_MESSAGE : undefined} />;
}
