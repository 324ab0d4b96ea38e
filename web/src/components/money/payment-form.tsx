import { useState, type FormEvent } from "react";
import type { Schema } from "@/client/types";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { METHODS, usd } from "./format";

export type PaymentBody = Schema<"PaymentCreate">;
type PaymentMethod = PaymentBody["method"];

/** Record Payment (spec 3 s5): amount required, above 0, at most the balance, to the cent, and
 * defaulting to the balance. One Idempotency-Key per opened form: a retried click records once. */
export function PaymentForm({ title, balance, busy, onSubmit, onClose }: {
  title: string; balance: string; busy: boolean; onClose: () => void;
  onSubmit: (body: PaymentBody, key: string) => void;
}) {
  const [amount, setAmount] = useState(balance);
  const [method, setMethod] = useState<PaymentMethod>("check");
  const [reference, setReference] = useState("");
  const [notes, setNotes] = useState("");
  const [key] = useState(() => crypto.randomUUID());
  const value = Number(amount);
  const problem = amount.trim() === "" ? "Payment amount is required"
    : !(value > 0) ? "Payment amount must be greater than 0"
    : value > Number(balance) ? `Payment amount cannot exceed the balance (${usd(balance)})`
    : !/^\d+(\.\d{1,2})?$/.test(amount.trim()) ? "Payment amount must be in dollars and cents" : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    onSubmit({ amount: amount.trim(), method, reference: reference.trim() || null, notes: notes.trim() || null }, key);
  };
  return (
    <Modal open title={title} onClose={onClose} locked={busy}>
      <form onSubmit={submit} noValidate>
        <p>Balance due {usd(balance)}</p>
        <TextField label="Amount (USD)" type="number" step="0.01" min="0.01" max={balance} value={amount}
          onChange={(e) => setAmount(e.target.value)} error={problem} required />
        <SelectField label="Method" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
          {METHODS.map((m) => <option key={m.value} value={m.value}>{m.label}</option>)}
        </SelectField>
        <TextField label="Reference" value={reference} maxLength={100} onChange={(e) => setReference(e.target.value)} />
        <TextField label="Notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} />
        <div className="modal-actions">
          <Button variant="ghost" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button type="submit" busy={busy} busyLabel="Recording..." disabled={problem !== null}>Record Payment</Button>
        </div>
      </form>
    </Modal>
  );
}
