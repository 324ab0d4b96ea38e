import { useState } from "react";
import { AgingBadge } from "@/components/money/aging-badge";
import { AGING, formatDay, usd } from "@/components/money/format";
import { SelectField, TextField } from "@/components/ui/input";
import { Card, Spinner } from "@/components/ui/panel";
import { StatCard } from "@/components/ui/stat-card";
import { fetchApiFile, saveResponse } from "@/lib/download";
import { companyDay } from "@/lib/format";
import type { OnProgress } from "@/lib/use-busy-action";
import { BusyButton } from "@/components/busy/busy-button";
import { useBillingAccounts, useStatement, type StatementQuery } from "../api/invoices";
import "@/components/money/money.css";

async function downloadStatement(q: StatementQuery, onProgress?: OnProgress) {
  const response = await fetchApiFile(`/api/invoices/statement?${new URLSearchParams(q).toString()}`);
  await saveResponse(response, `statement_${q.end_date}.pdf`, onProgress);
}

/** Customer Statements: one customer's opening balance, the period's invoices and payments with
 * a running balance, what is still open on the statement date and how old it is; the same
 * statement as a PDF to send. Figures from the ledger (Postgres), current with every payment. */
export default function CustomerStatementsScreen() {
  const today = companyDay();
  const accounts = useBillingAccounts();
  const [customer, setCustomer] = useState("");
  const [start, setStart] = useState(`${today.slice(0, 8)}01`);
  const [end, setEnd] = useState(today);
  const badRange = start > end;
  const query = customer && !badRange ? { customer_id: customer, start_date: start, end_date: end } : null;
  const st = useStatement(query);
  return (
    <div>
      <h2>Customer Statements</h2>
      <div className="invoice-filters">
        <SelectField label="Customer" value={customer} onChange={(e) => setCustomer(e.target.value)}>
          <option value="">Choose a customer</option>
          {accounts.data?.accounts.map((a) => <option key={a.customer_id} value={a.customer_id}>{a.customer_name}{a.account_number ? ` (${a.account_number})` : ""}</option>)}
        </SelectField>
        <TextField label="From" type="date" value={start} max={end} onChange={(e) => setStart(e.target.value)} error={badRange ? "The first day must be on or before the statement date" : null} />
        <TextField label="Statement date" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
        <BusyButton disabled={!query} failure="The statement could not be downloaded."
          action={(onProgress) => (query ? downloadStatement(query, onProgress) : Promise.resolve())}>Download Statement PDF</BusyButton>
      </div>
      {!query ? <p className="muted">Choose a customer to see their statement.</p>
        : st.isPending ? <Spinner label="Loading statement..." />
        : st.error ? <p className="alert alert-error">{st.error.message}</p> : (
          <>
            <p className="small muted" data-testid="last-refreshed">{"Every invoice and payment shows as soon as it is saved."}</p>
            <div className="invoice-cards" data-testid="statement-totals">
              <StatCard label="Opening balance" value={usd(st.data.opening_balance)} hint={formatDay(st.data.start_date)} />
              <StatCard label="Charges" value={usd(st.data.total_charges)} />
              <StatCard label="Payments" value={usd(st.data.total_credits)} />
              <StatCard label="Balance due" value={usd(st.data.closing_balance)} hint={formatDay(st.data.end_date)} />
            </div>
            <Card title="Activity">
              <table className="invoice-lines" data-testid="statement-lines">
                <thead><tr><th>Date</th><th>Activity</th><th>Invoice #</th><th>Reference</th><th className="num">Charges</th><th className="num">Payments</th><th className="num">Balance</th></tr></thead>
                <tbody>
                  <tr><td>{formatDay(st.data.start_date)}</td><td>Opening balance</td><td /><td /><td /><td /><td className="num">{usd(st.data.opening_balance)}</td></tr>
                  {st.data.lines.map((l, i) => (
                    <tr key={i}>
                      <td>{formatDay(l.activity_date)}</td><td>{l.kind === "invoice" ? "Invoice" : "Payment"}</td><td>{l.invoice_number}</td>
                      <td>{l.kind === "payment" ? [l.method?.replace("_", " "), l.reference].filter(Boolean).join(" ") : ""}</td>
                      <td className="num">{Number(l.charge) ? usd(l.charge) : ""}</td><td className="num">{Number(l.credit) ? usd(l.credit) : ""}</td>
                      <td className="num">{usd(l.balance)}</td>
                    </tr>
                  ))}
                  <tr><td /><td><strong>Closing balance</strong></td><td /><td /><td /><td /><td className="num"><strong>{usd(st.data.closing_balance)}</strong></td></tr>
                </tbody>
              </table>
            </Card>
            <Card title={`Open invoices on ${formatDay(st.data.end_date)}`}>
              {st.data.open_invoices.length === 0 ? <p className="muted">Nothing open.</p> : (
                <table className="invoice-lines" data-testid="statement-open">
                  <thead><tr><th>Invoice #</th><th>Issued</th><th>Due</th><th>Aging</th><th className="num">Balance</th></tr></thead>
                  <tbody>
                    {st.data.open_invoices.map((r) => (
                      <tr key={r.invoice_id}><td>{r.invoice_number}</td><td>{formatDay(r.issue_date)}</td><td>{formatDay(r.due_date)}</td>
                        <td><AgingBadge category={r.aging_category} /></td><td className="num">{usd(r.balance)}</td></tr>
                    ))}
                  </tbody>
                </table>
              )}
              <div className="invoice-cards" data-testid="statement-aging">
                {AGING.map((b) => <StatCard key={b.key} label={b.label} value={usd(st.data.aging.aging_buckets[b.key]?.total)} />)}
              </div>
            </Card>
          </>
        )}
    </div>
  );
}
