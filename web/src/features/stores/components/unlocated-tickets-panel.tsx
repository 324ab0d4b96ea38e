import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/input";
import { Card } from "@/components/ui/panel";
import { useAssignTicketLocation, useTicketsWithoutLocation } from "@/lib/api/tickets-without-location";
import { formatDate } from "@/lib/format";
import { notify } from "@/lib/notify";

const ANCHOR = "tickets-without-location";

type Props = { locations: { id: string; name: string }[] };

/** Tickets without a location (issue 29): stored before every ticket had one, and not known from
 *  their creator or a single location. A manager says where each was weighed; nothing is guessed.
 *  Shown only while some remain. */
export function UnlocatedTicketsPanel({ locations }: Props) {
  const found = useTicketsWithoutLocation();
  const assign = useAssignTicketLocation();
  const [picked, setPicked] = useState<Record<string, string>>({});
  const data = found.data;
  const anchor = useRef<HTMLDivElement>(null);
  const shown = Boolean(data && Array.isArray(data.tickets) && data.total > 0);
  // The EAR's "Assign them on Locations" link opens the page here.
  useEffect(() => {
    if (shown && window.location.hash === `#${ANCHOR}`) anchor.current?.scrollIntoView({ block: "start" });
  }, [shown]);
  if (!data || !Array.isArray(data.tickets) || data.total === 0) return null;

  const save = (ticketId: string) => {
    const storeId = picked[ticketId];
    if (!storeId) return;
    assign.mutate({ ticket_ids: [ticketId], store_id: storeId }, {
      onSuccess: (r) => notify({ kind: "success", message: r.remaining ? `Location saved; ${r.remaining} left to assign` : "Every ticket now has its location" }),
      onError: (err) => notify({ kind: "error", message: err.message || "Failed to assign the location" }),
    });
  };

  return (
    <div id={ANCHOR} ref={anchor}>
    <Card title={`Tickets without a location (${data.total})`}>
      <div className="stack" data-testid="unlocated-tickets">
        <Alert kind="warning">
          These tickets were stored before every ticket had its location. Say where each was weighed, so each
          location's figures and its EAR hold its own weight.
        </Alert>
        <table className="table">
          <thead><tr><th>Ticket</th><th>Weighed</th><th>Net (lbs)</th><th>By</th><th>Location</th><th /></tr></thead>
          <tbody>
            {data.tickets.map((t) => (
              <tr key={t.id}>
                <td>{t.ticket_number}</td>
                <td>{formatDate(t.ticket_at)}</td>
                <td>{Number(t.net_weight).toFixed(1)}</td>
                <td>{t.employee_name ?? ""}</td>
                <td>
                  <SelectField label={`Location of ${t.ticket_number}`} value={picked[t.id] ?? ""}
                    onChange={(e) => setPicked((p) => ({ ...p, [t.id]: e.target.value }))}>
                    <option value="">Choose location</option>
                    {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
                  </SelectField>
                </td>
                <td><Button size="sm" disabled={!picked[t.id]} busy={assign.isPending} onClick={() => save(t.id)}>Assign</Button></td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.total > data.tickets.length && <p className="small muted">Showing the oldest {data.tickets.length} of {data.total}.</p>}
      </div>
    </Card>
    </div>
  );
}
