import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/panel";
import { ApiError } from "@/lib/api-client";
import { fetchApiFile, saveResponse } from "@/lib/download";
import { formatDate, formatDateTime } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useInvoice, useRecordPayment, type InvoiceDetail } from "../api/invoices";
import { AgingBadge, StatusBadge } from "./aging-badge";
import { METHODS, usd } from "./format";

async function printInvoice(invoice: InvoiceDetail) {
  try {
    const response = await fetchApiFile(`/api/invoices/${invoice.invoice_id}/pdf`);
    await saveResponse(response, `invoice_${invoice.invoice_number}.pdf`);
  } catch (err) {
    notify({ kind: "error", message: `Unable to print invoice: ${err instanceof Error ? err.message : "please try again"}` });
  }
}

/** Invoice detail (spec 3 s2.4): Bill To, dates, terms, status, line items, total, balance due. */
export function InvoiceDetailModal({ id, onClose, onPay }: { id: string | null; onClose: () => void; onPay: (id: string) => void }) {
  const { data, isPending, error } = useInvoice(id);
  return (
    <Modal open={id !== null} title={data ? `Invoice ${data.invoice_number}` : "Invoice"} onClose={onClose} size="lg"
      footer={data && (
        <>
          <Button variant="secondary" onClick={() => void printInvoice(data)}>Print Invoice</Button>
          {data.payment_status !== "paid" && data.payment_status !== "void" && <Button onClick={() => onPay(data.invoice_id)}>Record Payment</Button>}
          <Button variant="ghost" onClick={onClose}>Close</Button>
        </>
      )}>
      {isPending ? <Spinner /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <div>
          <dl className="invoice-facts">
            <div><dt>Bill To</dt><dd>{data.bill_to.customer_name ?? "N/A"}{data.bill_to.address && <><br />{data.bill_to.address}</>}</dd></div>
            <div><dt>Issue date</dt><dd>{formatDate(data.issue_date)}</dd></div>
            <div><dt>Due date</dt><dd>{formatDate(data.due_date)}</dd></div>
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
// The form reads the invoice from the ledger (GET /api/invoices/{id}), not the list: the list
// follows the warehouse, so right after a payment its balance may be a refresh behind.
export function PaymentModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data } = useInvoice(id);
  if (id === null || !data) return null;
  if (data.payment_status === "paid" || data.payment_status === "void") return null;
  return <PaymentForm key={data.invoice_id + data.balance} invoice={data} onClose={onClose} />;
}

function PaymentForm({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const [amount, setAmount] = useState(invoice.balance);
  const [method, setMethod] = useState<string>("check");
  const [reference, setReference] = useState("");
  const [notes, setNotes] = useState("");
  const [key] = useState(() => crypto.randomUUID());
  const record = useRecordPayment(invoice.invoice_id);
  const value = Number(amount);
  const problem = amount.trim() === "" ? "Payment amount is required"
    : !(value > 0) ? "Payment amount must be greater than 0"
    : value > Number(invoice.balance) ? `Payment amount cannot exceed the balance (${usd(invoice.balance)})`
    : !/^\d+(\.\d{1,2})?$/.test(amount.trim()) ? "Payment amount must be in dollars and cents" : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    record.mutate(
      { body: { amount: amount.trim(), method: method as InvoiceDetail["payments"][number]["method"], reference: reference || null, notes: notes || null }, key },
      {
        onSuccess: () => {
          notify({ kind: "success", message: "Payment recorded successfully!" });
          onClose();
        },
        onError: (err) => notify({ kind: "error", message: err instanceof ApiError && err.status ? `Error recording payment: ${err.message}` : "Error recording payment" }),
      },
    );
  };
  return (
    <Modal open title={`Record Payment: ${invoice.invoice_number}`} onClose={onClose} locked={record.isPending}>
      <form onSubmit={submit} noValidate>
        <p>Balance due {usd(invoice.balance)}</p>
        <TextField label="Amount (USD)" type="number" step="0.01" min="0.01" max={invoice.balance} value={amount}
          onChange={(e) => setAmount(e.target.value)} error={problem} required />
        <SelectField label="Method" value={method} onChange={(e) => setMethod(e.target.value)}>
          {METHODS.map((m) => <option key={m.value} value={m.value}>{m.label}</option>)}
        </SelectField>
        <TextField label="Reference" value={reference} maxLength={100} onChange={(e) => setReference(e.target.value)} />
        <TextField label="Notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
        <div className="modal-actions">
          <Button variant="ghost" onClick={onClose} disabled={record.isPending}>Cancel</Button>
          <Button type="submit" busy={record.isPending} busyLabel="Recording..." disabled={problem !== null}>Record Payment</Button>
        </div>
      </form>
    </Modal>
  );
}
