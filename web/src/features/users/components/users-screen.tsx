import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { usePageState } from "@/lib/page-state";
import { usd } from "@/components/money/format";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/panel";
import { useCurrentSubscription } from "@/lib/api/get-current-subscription";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { useAvailableLocations, useUpdateUser, useUsers, type User } from "../api/users";
import { UserDialog } from "./user-dialog";

const col = createColumnHelper<User>();
const ROLES: Record<string, [string, BadgeTone]> = {
  store_admin: ["Store Admin", "red"],
  store_employee: ["Store Employee", "blue"],
};

export function roleBadge(role: string) {
  const [label, tone] = ROLES[role] ?? [role, "purple" as BadgeTone];
  return <Badge tone={tone}>{label}</Badge>;
}

/** User Management (spec 3 section 2.22): users/max, plan badge, the table, Add and Edit User. */
export default function UsersScreen() {
  const page = usePageState();
  const users = useUsers(page.offset, page.size);
  const sub = useCurrentSubscription();
  const locations = useAvailableLocations();
  const update = useUpdateUser();
  const { user: me } = useSession();
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const perUser = Number(sub.data?.plan_info.price_per_user ?? 0);

  const columns = useMemo(() => {
    const toggle = (u: User) => {
      const next = !u.is_active;
      update.mutate({ id: u.id, body: { is_active: next } }, {
        onSuccess: () => notify({ kind: "success", message: next ? "User activated successfully!" : "User deactivated successfully!" }),
        onError: (err) => notify({ kind: "error", message: err.message ? `Error: ${err.message}` : "Error updating user status" }),
      });
    };
    return [
      col.accessor((u) => `${u.first_name} ${u.last_name}`, { id: "user", header: "User", cell: (c) => (
        <div><strong>{c.getValue()}</strong><div className="small muted">{c.row.original.email}</div></div>
      ) }),
      col.accessor("role", { header: "Role", cell: (c) => roleBadge(c.getValue()) }),
      col.accessor((u) => u.assigned_location_name ?? u.location_name ?? "", { id: "location", header: "Location",
        cell: (c) => c.getValue() || (c.row.original.role === "store_employee" ? "All locations" : "—") }),
      col.accessor("is_active", { header: "Status", cell: (c) => c.getValue() ? <Badge tone="green">Active</Badge> : <Badge tone="gray">Inactive</Badge> }),
      col.display({ id: "cost", header: "Cost", cell: () => perUser > 0 ? `${usd(perUser)}/mo` : "Included" }),
      col.display({ id: "actions", header: "Actions", cell: (c) => {
        const u = c.row.original;
        const self = u.id === me?.id;
        return (
          <span className="row">
            <Button size="sm" variant="secondary" onClick={() => setEditing(u)}>Edit</Button>
            {!self && <Button size="sm" variant={u.is_active ? "danger" : "primary"} disabled={update.isPending} onClick={() => toggle(u)}>{u.is_active ? "Deactivate" : "Activate"}</Button>}
          </span>
        );
      } }),
    ];
  }, [perUser, me?.id, update]);

  if (users.isPending) return <Spinner label="Loading users..." />;
  if (users.error) return <Alert kind="error">{users.error.message}</Alert>;
  const u = users.data;
  const full = u.max_users != null && u.active_users >= u.max_users;
  const limitMessage = `Maximum users (${u.max_users}) reached for your ${u.subscription_plan.toUpperCase()} plan`;

  return (
    <div className="stack">
      <div className="page-title">
        <h1>User Management</h1>
        <div className="row">
          <Badge tone="purple">{u.subscription_plan.toUpperCase()}</Badge>
          <span className="badge badge-blue" data-testid="users-counter">{u.active_users}/{u.max_users ?? "∞"} users</span>
          <Button onClick={() => setEditing("new")} disabled={full}>Add User</Button>
        </div>
      </div>
      {full && <Alert kind="warning">{limitMessage}. Deactivate a user or upgrade your plan to add more.</Alert>}
      <DataTable data={u.users} columns={columns} getRowId={(r) => r.id} empty="No users yet." caption="Company users"
        pager={{ offset: page.offset, size: page.size, total: u.total, noun: "users", busy: users.isFetching,
          onPage: (p) => page.update({ page: p }), onSize: (size) => page.update({ size }) }} />
      {editing && <UserDialog user={editing === "new" ? null : editing} locations={locations.data} onClose={() => setEditing(null)} />}
    </div>
  );
}
