import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { getActiveListItemsQueryOptions } from "@/lib/api/get-active-list-items";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Card, Spinner } from "@/components/ui/panel";
import { notify } from "@/lib/notify";
import { downloadAgreement, exportRecords, useCreatePartner, usePartners, useUploadAgreement, type Partner } from "../api/food-recovery";

const AGREEMENT_TONE: Record<string, BadgeTone> = { on_file: "green", expiring: "amber", expired: "red", missing: "red" };
const AGREEMENT_WORD: Record<string, string> = { on_file: "Agreement on file", expiring: "Agreement expiring", expired: "Agreement expired", missing: "No agreement" };

/** Edible food recovery records (14 CCR 18991.4): partners, agreements on file, the inspector's export. */
export function FoodRecoveryRecords({ year }: { year: number }) {
  const { data, isPending, error } = usePartners();
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState<Partner | null>(null);
  const run = (format: "csv" | "pdf") => exportRecords(year, format).then(
    (name) => notify({ kind: "success", message: `Saved ${name}` }),
    (e: Error) => notify({ kind: "error", message: `Export failed: ${e.message}` }),
  );
  return (
    <Card title="Edible Food Recovery Records" actions={<Button size="sm" onClick={() => setAdding(true)}>Add Partner</Button>}>
      <p className="small muted">Tier 1 and Tier 2 commercial edible food generators keep a list of the food recovery organizations and services they contract with, copies of the agreements, and for each the types of food, the collection or self-haul frequency and the pounds recovered per month. Pounds come from donation tickets to the destination linked to each partner.</p>
      {isPending ? <Spinner /> : error ? <p className="text-red">{error.message}</p> : (
        <>
          {data.warnings.length > 0 && (
            <ul className="compliance-list" aria-label="Food recovery warnings">
              {data.warnings.map((w) => <li key={w} className="sev-warning">{w}</li>)}
            </ul>
          )}
          {data.partners.length === 0 ? <p className="muted">No food recovery partners yet.</p> : (
            <table className="compliance-table">
              <thead><tr><th>Partner</th><th>Food</th><th>Frequency</th><th>Destination</th><th>Agreement</th><th /></tr></thead>
              <tbody>{data.partners.map((p) => (
                <tr key={p.id}>
                  <td><strong>{p.name}</strong><div className="small muted">{p.kind === "service" ? "Service" : "Organization"} · {p.pickup_mode === "self_haul" ? "Self-haul" : "Collected"}{p.address ? ` · ${p.address}` : ""}{p.contact ? ` · ${p.contact}` : ""}</div></td>
                  <td>{p.food_types ?? "—"}</td>
                  <td>{p.collection_frequency ?? "—"}</td>
                  <td>{p.destination_name ?? "—"}</td>
                  <td>
                    <Badge tone={AGREEMENT_TONE[p.agreement_status] ?? "gray"}>{AGREEMENT_WORD[p.agreement_status] ?? p.agreement_status}</Badge>
                    {p.agreements.map((a) => (
                      <div key={a.id} className="small">
                        <button type="button" className="btn btn-link btn-sm" onClick={() => void downloadAgreement(p.id, a)}>{a.file_name}</button> {a.start_date} to {a.end_date ?? "open"}
                      </div>
                    ))}
                  </td>
                  <td><Button size="sm" variant="secondary" onClick={() => setUploading(p)}>Upload Agreement</Button></td>
                </tr>
              ))}</tbody>
            </table>
          )}
          <div className="compliance-head">
            <span className="small muted">Records for {year}</span>
            <span>
              <Button size="sm" variant="secondary" onClick={() => void run("csv")}>Export Records (CSV)</Button>{" "}
              <Button size="sm" variant="secondary" onClick={() => void run("pdf")}>Export Records (PDF)</Button>
            </span>
          </div>
        </>
      )}
      {adding && <AddPartner onClose={() => setAdding(false)} />}
      {uploading && <UploadAgreement partner={uploading} onClose={() => setUploading(null)} />}
    </Card>
  );
}

function AddPartner({ onClose }: { onClose: () => void }) {
  const create = useCreatePartner();
  // Donation tickets name their partner through its destination (the server keeps donation ones only).
  const destinations = useQuery(getActiveListItemsQueryOptions("destination-types")).data ?? [];
  const [form, setForm] = useState({ name: "", kind: "organization", address: "", contact: "", food_types: "", collection_frequency: "", pickup_mode: "collected", destination_id: "" });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!form.name.trim()) { setError("Partner name is required"); return; }
    const optional = (v: string) => (v.trim() ? v.trim() : null);
    create.mutate({
      name: form.name.trim(), kind: form.kind as "organization" | "service", pickup_mode: form.pickup_mode as "collected" | "self_haul",
      address: optional(form.address), contact: optional(form.contact), food_types: optional(form.food_types), collection_frequency: optional(form.collection_frequency),
      destination_id: form.destination_id || null,
    }, {
      onSuccess: (p) => { notify({ kind: "success", message: `Partner ${p.name} added` }); onClose(); },
      onError: (err) => setError(err.message),
    });
  };
  return (
    <Modal open title="Add Food Recovery Partner" onClose={onClose}
      footer={<><Button variant="secondary" onClick={onClose}>Cancel</Button><Button busy={create.isPending} busyLabel="Saving..." onClick={() => submit()}>Save Partner</Button></>}>
      <form onSubmit={submit}>
        <TextField label="Name" value={form.name} onChange={set("name")} error={error} maxLength={200} required />
        <SelectField label="Type" value={form.kind} onChange={set("kind")}>
          <option value="organization">Food recovery organization</option><option value="service">Food recovery service</option>
        </SelectField>
        <TextField label="Address" value={form.address} onChange={set("address")} maxLength={300} />
        <TextField label="Contact" value={form.contact} onChange={set("contact")} maxLength={300} />
        <TextField label="Types of food" value={form.food_types} onChange={set("food_types")} maxLength={1000} />
        <TextField label="Collection frequency" value={form.collection_frequency} onChange={set("collection_frequency")} maxLength={60} />
        <SelectField label="Collection" value={form.pickup_mode} onChange={set("pickup_mode")}>
          <option value="collected">Collected by the partner</option><option value="self_haul">Self-hauled by us</option>
        </SelectField>
        <SelectField label="Donation destination" value={form.destination_id} onChange={set("destination_id")}>
          <option value="">None yet</option>
          {destinations.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
        </SelectField>
      </form>
    </Modal>
  );
}

function UploadAgreement({ partner, onClose }: { partner: Partner; onClose: () => void }) {
  const upload = useUploadAgreement();
  const [file, setFile] = useState<File | null>(null);
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!file) { setError("Choose the agreement file (PDF, PNG or JPEG)"); return; }
    if (!startDate) { setError("Enter the start date"); return; }
    upload.mutate({ partnerId: partner.id, file, startDate, endDate: endDate || undefined }, {
      onSuccess: () => { notify({ kind: "success", message: `Agreement with ${partner.name} on file` }); onClose(); },
      onError: (e) => setError(e.message),
    });
  };
  return (
    <Modal open title={`Agreement with ${partner.name}`} onClose={onClose}
      footer={<><Button variant="secondary" onClick={onClose}>Cancel</Button><Button busy={upload.isPending} busyLabel="Uploading..." onClick={submit}>Upload</Button></>}>
      <TextField label="Agreement file" type="file" accept="application/pdf,image/png,image/jpeg" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <TextField label="Start date" type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} required />
      <TextField label="End date" type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} error={error} />
    </Modal>
  );
}
