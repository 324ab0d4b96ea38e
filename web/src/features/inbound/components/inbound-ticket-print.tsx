import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { api } from "@/lib/api-client";
import { formatDateTime, formatLbs, formatUsd } from "@/lib/format";
import { useSession } from "@/lib/session";
import type { InboundTicket } from "../api/inbound";

export const usd = formatUsd; // the one money formatter (lib/format.ts)

/** Ticket detail and the printable scale ticket / receipt (logo, weights, lines, amount, payment). */
export function InboundTicketModal({ ticket, onClose }: { ticket: InboundTicket | null; onClose: () => void }) {
  const { user } = useSession();
  const logo = useQuery({
    queryKey: ["company", "logo"], enabled: Boolean(ticket),
    queryFn: ({ signal }) => api.get<{ logo: string | null }>("/api/company/logo", undefined, signal),
  });
  if (!ticket) return null;
  const print = () => {
    try {
      window.print();
    } catch {
      alert("Unable to print ticket. Please try again or contact support.");
    }
  };
  return (
    <Modal open title={`Ticket ${ticket.ticket_number}`} size="lg" onClose={onClose}
      footer={<><Button variant="secondary" onClick={onClose}>Close</Button><Button onClick={print}>Print</Button></>}>
      <div className="print-ticket" aria-label="Scale ticket">
        {logo.data?.logo && <img src={logo.data.logo} alt="Company logo" style={{ maxHeight: 60 }} />}
        <h2>{user?.company?.name ?? user?.company_name ?? ""}</h2>
        <p>Scale ticket {ticket.ticket_number} · {formatDateTime(ticket.ticket_at)}</p>
        <p>Payee: {ticket.customer1?.customer_name ?? "N/A"}{ticket.customer2 ? ` · Hauler: ${ticket.customer2.customer_name}` : ""}
          {ticket.license_plate ? ` · Plate: ${ticket.license_plate}` : ""}</p>
        <table>
          <tbody>
            <tr><th>Gross</th><td>{formatLbs(ticket.gross_weight)}</td></tr>
            <tr><th>Tare</th><td>{formatLbs(ticket.tare_weight)}</td></tr>
            <tr><th>Net</th><td>{formatLbs(ticket.net_weight)}</td></tr>
          </tbody>
        </table>
        <table>
          <thead><tr><th>Product</th><th>Quantity</th><th>Price</th><th>Amount</th></tr></thead>
          <tbody>
            {ticket.line_items.map((l) => (
              <tr key={l.id}><td>{l.waste_type}</td><td>{l.quantity} {l.unit}</td><td>{l.unit_price ?? ""}</td><td>{usd(l.amount)}</td></tr>
            ))}
          </tbody>
        </table>
        <p><strong>Total: {usd(ticket.total_amount)}</strong> · Payment: {ticket.payment_method ?? "N/A"} · Status: {ticket.status}</p>
        {ticket.notes && <p>Notes: {ticket.notes}</p>}
      </div>
    </Modal>
  );
}
