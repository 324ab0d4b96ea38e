import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, Spinner } from "@/components/ui/panel";
import { useCurrentSubscription } from "@/lib/api/get-current-subscription";
import { systemSettingsQueryOptions } from "@/lib/session";
import { inboundGate } from "@/lib/plan-gates";
import "./inbound-gate.css";

/** Enterprise Feature / Feature Disabled screens (spec 3 s2.1); the API answers 403 the same way. */
export function InboundGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const settings = useQuery(systemSettingsQueryOptions());
  const subscription = useCurrentSubscription();
  if (settings.isLoading || subscription.isLoading) return <Spinner />;
  const gate = inboundGate(subscription.data, settings.data?.inbound_module_enabled);
  if (gate === "enterprise") {
    return (
      <Card className="gate-card" title="Enterprise Feature">
        <p>Inbound operations, customers, invoices and inventory are available on the Enterprise plan.</p>
        <Button onClick={() => navigate("/app/subscription")}>Upgrade to Enterprise</Button>
      </Card>
    );
  }
  if (gate === "disabled") {
    return (
      <Card className="gate-card" title="Feature Disabled">
        <p>The inbound module is turned off for your company. An administrator can enable it in Admin Settings.</p>
        <Button onClick={() => navigate("/app/admin-settings")}>Go to Admin Settings</Button>
      </Card>
    );
  }
  return <>{children}</>;
}
