import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/panel";
import { Badge } from "@/components/ui/badge";
import { notify } from "@/lib/notify";
import { useTicket } from "@/features/tickets/api/get-ticket";
import { formatDateTime, formatLbs, formatUsd } from "@/lib/format";
import { ticketMethodLabel } from "@/lib/ticket-method";
import { statusBadge, statusTone } from "@/lib/ticket-status";
import { AuthImage } from "./auth-image";
import { CompanyLogo } from "./company-logo";
import { PhotoViewer } from "./photo-viewer/photo-viewer";

/** Ticket detail with Print; a photo opens in the viewer, one at a time (spec 3 s2.11, s2.12; issue 32). */
export function TicketDetailModal({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  const { data: ticket, isLoading, isError } = useTicket(ticketId);
  const [viewing, setViewing] = useState<number | null>(null);
  useEffect(() => setViewing(null), [ticketId]);
  const photos = (ticket?.images ?? []).map((img, i) => ({ id: img.id, alt: `${img.kind} photo ${i + 1}`, caption: img.kind, url: img.url }));

  const print = () => {
    try {
      window.print();
    } catch {
      notify({ kind: "error", message: "Unable to print ticket. Please try again or contact support." });
    }
  };

  return (
    <>
      <Modal
        open={Boolean(ticketId)}
        onClose={onClose}
        size="lg"
        title={ticket ? `Ticket ${ticket.ticket_number}` : "Ticket"}
        footer={<><Button variant="secondary" onClick={onClose}>Close</Button><Button onClick={print} disabled={!ticket}>Print</Button></>}
      >
        {isLoading && <Spinner label="Loading ticket..." />}
        {isError && <p role="alert">This ticket could not be loaded.</p>}
        {ticket && (
          <div className="print-area stack">
            <CompanyLogo maxHeight={60} />
            <dl className="detail-grid">
              <dt>Ticket #</dt><dd>{ticket.ticket_number}</dd>
              <dt>Status</dt><dd><Badge tone={statusBadge(statusTone(ticket.status))}>{ticket.status}</Badge></dd>
              <dt>Date/Time</dt><dd>{formatDateTime(ticket.ticket_at)}</dd>
              <dt>Type</dt><dd>{ticket.is_inbound ? "Inbound" : ticket.outbound_ticket_type === "type_2_truck_scale" ? "Truck scale (Type 2)" : "Container (Type 1)"}</dd>
              <dt>Waste Type</dt><dd>{ticket.waste_type ?? "—"}</dd>
              <dt>Container</dt><dd>{ticket.container_type ?? "—"}</dd>
              <dt>Destination</dt><dd>{ticket.destination ?? "—"}</dd>
              <dt>Gross</dt><dd>{formatLbs(ticket.gross_weight)}</dd>
              <dt>Tare</dt><dd>{formatLbs(ticket.tare_weight)}</dd>
              <dt>Net</dt><dd><strong>{formatLbs(ticket.net_weight)}</strong></dd>
              <dt>Amount</dt><dd>{formatUsd(ticket.total_amount)}</dd>
              <dt>Location</dt><dd>{ticket.location ?? ticket.store_name ?? "—"}</dd>
              <dt>Employee</dt><dd>{ticket.employee_name ?? "—"}</dd>
              <dt>Method</dt><dd>{ticketMethodLabel(ticket)}{ticket.confidence !== null ? ` (${Math.round(ticket.confidence)}% confidence)` : ""}</dd>
              {ticket.vehicle_info?.license_plate ? <><dt>Vehicle</dt><dd>{String(ticket.vehicle_info.license_plate)} {ticket.vehicle_info.driver_name ? `· ${String(ticket.vehicle_info.driver_name)}` : ""}</dd></> : null}
              {ticket.customer_facing_notes && <><dt>Notes</dt><dd>{ticket.customer_facing_notes}</dd></>}
              {ticket.internal_notes && <><dt>Internal notes</dt><dd>{ticket.internal_notes}</dd></>}
            </dl>
            {ticket.line_items.length > 0 && (
              <div>
                <h3>Products</h3>
                <ul>
                  {ticket.line_items.map((li) => <li key={li.id}>{li.waste_type}: {li.quantity} {li.unit}{li.notes ? ` — ${li.notes}` : ""}</li>)}
                </ul>
              </div>
            )}
            {ticket.images.length > 0 && (
              <div className="thumbs" aria-label="Ticket photos">
                {ticket.images.map((img, i) => (
                  <div className="thumb" key={img.id}>
                    <AuthImage url={img.thumbnail_url} alt={`${img.kind} photo ${i + 1}`} onClick={() => setViewing(i)} />
                  </div>
                ))}
              </div>
            )}
          </div>
        )}
      </Modal>
      <PhotoViewer photos={photos} index={ticketId ? viewing : null} onIndex={setViewing} onClose={() => setViewing(null)}
        renderPhoto={(p) => <AuthImage url={photos.find((x) => x.id === p.id)?.url ?? ""} alt={`${p.alt} full size`} className="image-full" />} />
    </>
  );
}
