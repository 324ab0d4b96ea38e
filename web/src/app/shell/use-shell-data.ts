import { useQuery } from "@tanstack/react-query";
import { useCurrentSubscription } from "@/lib/api/get-current-subscription";
import { systemSettingsQueryOptions, useSession } from "@/lib/session";

/** The subscription (store admins) and settings (admins) the shell's menu and header read. */
export function useShellData() {
  const { user } = useSession();
  const role = user?.role;
  const subscription = useCurrentSubscription({ enabled: role === "store_admin" });
  const settings = useQuery({ ...systemSettingsQueryOptions(), enabled: role === "store_admin" || role === "system_admin" });
  return {
    user,
    subscription: subscription.data ?? null,
    settings: settings.data ?? null,
    ready: !subscription.isLoading && !settings.isLoading,
  };
}
