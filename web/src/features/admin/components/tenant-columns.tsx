import { createColumnHelper } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { formatUsdWhole as usd } from "@/lib/format";
import type { TenantList } from "../api/get-tenants";

export type Tenant = TenantList["customers"][number];


export function StatusBadge({ status }: { status: string }) {
  const tone = status === "active" ? "green" : status === "trial" || status === "trialing" ? "amber" : "red";
  return <Badge tone={tone}>{status.toUpperCase()}</Badge>;
}

const col = createColumnHelper<Tenant>();

/** The Customer Management table; its sortable columns' ids are the API's sort keys. */

export const tenantColumns = [
  col.accessor("name", { header: "Company" }),
  col.accessor("email", { header: "Email", cell: (c) => c.getValue() ?? "—" }),
  col.accessor("store_count", { header: "Stores" }),
  col.accessor("subscription_status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} /> }),
  // Revenue is the warehouse's and trial days the clock's: the API does not sort by them.
  col.accessor("monthly_revenue", { header: "Monthly Revenue", enableSorting: false, cell: (c) => usd(c.getValue()) }),
  col.accessor("trial_days_remaining", {
    header: "Trial Days Left",
    enableSorting: false,
    cell: (c) => (c.row.original.subscription_status === "trial" && c.getValue() !== null ? c.getValue() : "N/A"),
  }),
];
