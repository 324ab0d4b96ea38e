import { formatDateTime, formatWeight } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/panel";
import { shortDraftId } from "../../lib/draft-store";
import { draftStore, type ScaleTicket } from "./use-scale-ticket";

/** Drafts kept in this browser (spec 2 s2.4). */
export function DraftsPanel({ ticket, onNewTicket }: { ticket: ScaleTicket; onNewTicket: () => void }) {
  const { t } = useTranslation();
  void ticket.draftsVersion; // re-read the store whenever a draft was saved or removed
  const drafts = draftStore.list();
  return (
    <Card title={t("drafts.title")} actions={<Button variant="secondary" size="sm" onClick={onNewTicket}>{t("drafts.newTicket")}</Button>}>
      {ticket.draftId && <p className="muted">{t("drafts.editing", { id: shortDraftId(ticket.draftId) })}</p>}
      {drafts.length === 0 ? (
        <p className="muted">{t("drafts.none")}</p>
      ) : (
        <ul className="stack" aria-label={t("drafts.title")}>
          {drafts.map((d) => (
            <li key={d.id} className="row" style={{ justifyContent: "space-between" }}>
              <span>
                <strong>{shortDraftId(d.id)}</strong> · {d.waste_type || "—"} · {d.gross_weight ? formatWeight(d.gross_weight) : t("drafts.noWeight")}
                <span className="muted"> · {formatDateTime(d.timestamp)}</span>
              </span>
              <span className="row">
                <Button size="sm" variant="secondary" onClick={() => ticket.loadDraft(d)}>{t("drafts.load")}</Button>
                <Button size="sm" variant="ghost" aria-label={t("drafts.deleteDraft", { id: shortDraftId(d.id) })} onClick={() => ticket.deleteDraft(d.id)}>{t("drafts.delete")}</Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
