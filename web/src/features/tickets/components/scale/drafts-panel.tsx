import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/panel";
import { shortDraftId } from "../../lib/draft-store";
import { draftStore, type ScaleTicket } from "./use-scale-ticket";

/** Drafts kept in this browser (spec 2 s2.4). */
export function DraftsPanel({ ticket, onNewTicket }: { ticket: ScaleTicket; onNewTicket: () => void }) {
  void ticket.draftsVersion; // re-read the store whenever a draft was saved or removed
  const drafts = draftStore.list();
  return (
    <Card title="Draft tickets" actions={<Button variant="secondary" size="sm" onClick={onNewTicket}>New Ticket</Button>}>
      {ticket.draftId && <p className="muted">Editing draft {shortDraftId(ticket.draftId)}</p>}
      {drafts.length === 0 ? (
        <p className="muted">No draft tickets saved</p>
      ) : (
        <ul className="stack" aria-label="Draft tickets">
          {drafts.map((d) => (
            <li key={d.id} className="row" style={{ justifyContent: "space-between" }}>
              <span>
                <strong>{shortDraftId(d.id)}</strong> · {d.waste_type || "—"} · {d.gross_weight ? `${d.gross_weight} lbs` : "no weight"}
                <span className="muted"> · {formatDateTime(d.timestamp)}</span>
              </span>
              <span className="row">
                <Button size="sm" variant="secondary" onClick={() => ticket.loadDraft(d)}>Load</Button>
                <Button size="sm" variant="ghost" aria-label={`Delete draft ${shortDraftId(d.id)}`} onClick={() => ticket.deleteDraft(d.id)}>Delete</Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
