import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/panel";
import { Badge } from "@/components/ui/badge";
import { notify } from "@/lib/notify";
import { useTicket } from "@/lib/api/get-ticket";
import { formatDateTime, formatLbs, formatUsd } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { ticketMethodKey } from "@/lib/ticket-method";
import { statusBadge, statusTone } from "@/lib/ticket-status";
import { AuthImage } from "./auth-image";
import { CompanyLogo } from "./company-logo";
import { PhotoViewer } from "./photo-viewer/photo-viewer";

/** Ticket detail with Print; a photo opens in the viewer, one at a time (spec 3 s2.11, s2.12; issue 32). */
export function TicketDetailModal({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: ticket, isLoading, isError } = useTicket(ticketId);
  const [viewing, setViewing] = useState<number | null>(null);
  useEffect(() => setViewing(null), [ticketId]);
  const photos = (ticket?.images ?? []).map((img, i) => ({ id: img.id, alt: t("ticket.photoAlt", { kind: t(`photos.word.${img.kind}`, { defaultValue: img.kind }), n: i + 1 }), caption: t(`photos.word.${img.kind}`, { defaultValue: img.kind }), url: img.url }));

  const print = () => {
    try {
      window.print();
    } catch {
      notify({ kind: "error", message: t("ticket.printFailed") });
    }
  };

  return (
    <>
      <Modal
        open={Boolean(ticketId)}
        onClose={onClose}
        size="lg"
        title={ticket ? t("ticket.title", { number: ticket.ticket_number }) : t("ticket.titleBare")}
        closeLabel={t("common.close")}
        footer={<><Button variant="secondary" onClick={onClose}>{t("common.close")}</Button><Button onClick={print} disabled={!ticket}>{t("ticket.print")}</Button></>}
      >
        {isLoading && <Spinner label={t("ticket.loading")} />}
        {isError && <p role="alert">{t("ticket.loadFailed")}</p>}
        {ticket && (
          <div className="print-area stack">
            <CompanyLogo maxHeight={60} />
            <dl className="detail-grid">
              <dt>{t("ticket.number")}</dt><dd>{ticket.ticket_number}</dd>
              <dt>{t("ticket.status")}</dt><dd><Badge tone={statusBadge(statusTone(ticket.status))}>{t(`status.${ticket.status}`, { defaultValue: ticket.status })}</Badge></dd>
              <dt>{t("ticket.when")}</dt><dd>{formatDateTime(ticket.ticket_at)}</dd>
              <dt>{t("ticket.type")}</dt><dd>{ticket.is_inbound ? t("ticket.inbound") : ticket.outbound_ticket_type === "type_2_truck_scale" ? t("ticket.type2") : t("ticket.type1")}</dd>
              <dt>{t("ticket.wasteType")}</dt><dd>{ticket.waste_type ?? "—"}</dd>
              <dt>{t("ticket.container")}</dt><dd>{ticket.container_type ?? "—"}</dd>
              <dt>{t("ticket.destination")}</dt><dd>{ticket.destination ?? "—"}</dd>
              <dt>{t("ticket.gross")}</dt><dd>{formatLbs(ticket.gross_weight)}</dd>
              <dt>{t("ticket.tare")}</dt><dd>{formatLbs(ticket.tare_weight)}</dd>
              <dt>{t("ticket.net")}</dt><dd><strong>{formatLbs(ticket.net_weight)}</strong></dd>
              <dt>{t("ticket.amount")}</dt><dd>{formatUsd(ticket.total_amount)}</dd>
              <dt>{t("ticket.location")}</dt><dd>{ticket.location ?? ticket.store_name ?? "—"}</dd>
              <dt>{t("ticket.employee")}</dt><dd>{ticket.employee_name ?? "—"}</dd>
              <dt>{t("ticket.method")}</dt><dd>{ticket.confidence !== null ? t("ticket.confidence", { method: t(`method.${ticketMethodKey(ticket)}`), pct: Math.round(ticket.confidence) }) : t(`method.${ticketMethodKey(ticket)}`)}</dd>
              {ticket.vehicle_info?.license_plate ? <><dt>{t("ticket.vehicle")}</dt><dd>{String(ticket.vehicle_info.license_plate)} {ticket.vehicle_info.driver_name ? `· ${String(ticket.vehicle_info.driver_name)}` : ""}</dd></> : null}
              {ticket.customer_facing_notes && <><dt>{t("ticket.notes")}</dt><dd>{ticket.customer_facing_notes}</dd></>}
              {ticket.internal_notes && <><dt>{t("ticket.internalNotes")}</dt><dd>{ticket.internal_notes}</dd></>}
            </dl>
            {ticket.line_items.length > 0 && (
              <div>
                <h3>{t("ticket.products")}</h3>
                <ul>
                  {ticket.line_items.map((li) => <li key={li.id}>{li.waste_type}: {li.quantity} {t(`products.units.${li.unit}`, { defaultValue: li.unit })}{li.notes ? ` — ${li.notes}` : ""}</li>)}
                </ul>
              </div>
            )}
            {ticket.images.length > 0 && (
              <div className="thumbs" aria-label={t("ticket.photos")}>
                {ticket.images.map((img, i) => (
                  <div className="thumb" key={img.id}>
                    <AuthImage url={img.thumbnail_url} alt={t("ticket.photoAlt", { kind: t(`photos.word.${img.kind}`, { defaultValue: img.kind }), n: i + 1 })} onClick={() => setViewing(i)} />
                  </div>
                ))}
              </div>
            )}
          </div>
        )}
      </Modal>
      <PhotoViewer photos={photos} index={ticketId ? viewing : null} onIndex={setViewing} onClose={() => setViewing(null)}
        renderPhoto={(p) => <AuthImage url={photos.find((x) => x.id === p.id)?.url ?? ""} alt={t("photos.fullSize", { photo: p.alt })} className="image-full" />} />
    </>
  );
}
