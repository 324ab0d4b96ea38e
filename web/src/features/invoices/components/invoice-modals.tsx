import { PaymentForm } from "@/components/money/payment-form";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/panel";
import { ApiError } from "@/lib/api-client";
import { fetchApiFile, saveResponse } from "@/lib/download";
import type { OnProgress } from "@/lib/use-busy-action";
import { BusyButton } from "@/components/busy/busy-button";
import { formatDateTime } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useInvoice, useRecordPayment, type InvoiceDetail } from "../api/invoices";
import { AgingBadge, StatusBadge } from "@/components/money/aging-badge";
import { formatDay, usd } from "@/components/money/format";

async function printInvoice(invoice: InvoiceDetail, onProgress?: OnProgress) {
  const response = await fetchApiFile(`/api/invoices/${invoice.invoice_id}/pdf`);
  await saveResponse(response, `invoice_${invoice.invoice_number}.pdf`, onProgress);
}

/** Invoice detail (spec 3 s2.4): Bill To, dates, terms, status, line items, total, balance due. */
export function InvoiceDetailModal({ id, onClose, onPay }: { id: string | null; onClose: () => void; onPay: (id: string) => void }) {
  const { data, isPending, error } = useInvoice(id);
  return (
    <Modal open={id !== null} title={data ? `Invoice ${data.invoice_number}` : "Invoice"} onClose={onClose} size="lg"
      footer={data && (
        <>
          <BusyButton failure="Unable to print the invoice." action={(onProgress) => printInvoice(data, onProgress)}>Print Invoice</BusyButton>
          {data.payment_status !== "paid" && data.payment_status !== "void" && <Button onClick={() => onPay(data.invoice_id)}>Record Payment</Button>}
          <Button variant="ghost" onClick={onClose}>Close</Button>
        </>
      )}>
      {isPending ? <Spinner /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <div>
          <dl className="invoice-facts">
            <div><dt>Bill To</dt><dd>{data.bill_to.customer_name ?? "N/A"}{data.bill_to.address && <><br />{data.bill_to.address}</>}</dd></div>
            <div><dt>Issue date</dt><dd>{formatDay(data.issue_date)}</dd></div>
            <div><dt>Due date</dt><dd>{formatDay(data.due_date)}</dd></div>
            <div><dt>Payment terms</dt><dd>{data.payment_terms}</dd></div>
            <div><dt>Status</dt><dd><StatusBadge status={data.status} strong /> <AgingBadge category={data.aging_category} /></dd></div>
            {data.ticket_number && <div><dt>Ticket #</dt><dd>{data.ticket_number}</dd></div>}
          </dl>
          <table className="invoice-lines">
            <thead><tr><th>Description</th><th className="num">Quantity</th><th className="num">Unit price</th><th className="num">Total</th></tr></thead>
            <tbody>
              {data.line_items.map((line, i) => (
                <tr key={i}><td>{line.description}</td><td className="num">{Number(line.quantity).toLocaleString()}</td>
                  <td className="num">${Number(line.unit_price).toFixed(4)}</td><td className="num">{usd(line.total)}</td></tr>
              ))}
            </tbody>
          </table>
          <div className="invoice-totals"><span>Total {usd(data.amount)}</span><span data-testid="balance-due">Balance due {usd(data.balance)}</span></div>
          {data.payments.length > 0 && (
            <>
              <h4>Payments</h4>
              <ul>{data.payments.map((p) => <li key={p.payment_id}>{formatDateTime(p.paid_at)}: {usd(p.amount)} by {p.method.replace("_", " ")}{p.reference ? ` (${p.reference})` : ""}</li>)}</ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

/** Record Payment (spec 3 s5): amount required, at most the balance, step 0.01, defaults to the balance. */
export function PaymentModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data } = useInvoice(id);
  if (id === null || !data) return null;
  if (data.payment_status === "paid" || data.payment_status === "void") return null;
  return <InvoicePaymentForm key={data.invoice_id + data.balance} invoice={data} onClose={onClose} />;
}

function InvoicePaymentForm({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const record = useRecordPayment(invoice.invoice_id);
  return (
    <PaymentForm title={`Record Payment: ${invoice.invoice_number}`} balance={invoice.balance} busy={record.isPending} onClose={onClose}
      onSubmit={(body, key) => record.mutate({ body, key }, {
        onSuccess: () => {
          notify({ kind: "success", message: "Payment recorded successfully!" });
          onClose();
        },
        onError: (err) => notify({ kind: "error", message: err instanceof ApiError && err.status ? `Error recording payment: ${err.message}` : "Error recording payment" }),
      })} />
  );
}
