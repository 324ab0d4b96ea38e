import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/panel";
import { useSession } from "@/lib/session";
import { useTickets } from "../../api/get-tickets";
import { dedupeNewestFirst } from "../../lib/ticket-list";
import type { Ticket } from "../../api/get-ticket";
import { ExportButtons } from "./export-buttons";
import { historyColumns } from "./ticket-columns";
import { TicketDetailModal } from "@/components/ticket-detail-modal";
import "../tickets.css";

/** My Ticket History (spec 2 s2.3): the signed-in user's own tickets with their method. */
export default function HistoryScreen() {
  const { user } = useSession();
  const [selected, setSelected] = useState<string | null>(null);
  const query = { created_by: "me" as const, limit: 200, sort_by: "timestamp" as const, sort_order: "desc" as const };
  const { data, isLoading, isError, error } = useTickets(query);
  const rows = useMemo(() => dedupeNewestFirst<Ticket>(data ?? []), [data]);
  const columns = useMemo(() => historyColumns((t) => setSelected(t.id)), []);
  return (
    <div className="ticket-screen wide">
      <div className="portal-head">
        <div>
          <h1>My Ticket History</h1>
          <p className="muted">Employee: {user ? `${user.first_name} ${user.last_name}`.trim() : ""}</p>
        </div>
        <ExportButtons filters={{ created_by: "me" }} />
      </div>
      {isError && <Alert kind="error">{(error as Error).message || "Failed to fetch tickets"}</Alert>}
      {isLoading ? <Spinner label="Loading tickets..." /> : (
        <DataTable data={rows} columns={columns} getRowId={(t) => t.id} empty="No tickets created yet" caption="My tickets" />
      )}
      <TicketDetailModal ticketId={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
