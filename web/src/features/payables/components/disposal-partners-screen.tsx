import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState, type FormEvent } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { usd } from "@/components/money/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/panel";
import { notify } from "@/lib/notify";
import { pagerOf, usePageState, useSearchFilter } from "@/lib/page-state";
import { usePartnerPage, useSavePartner, type DisposalPartner, type DisposalPartnerCreate } from "../api/payables";
import "@/components/money/money.css";

const FACILITIES: [string, string][] = [
  ["hauler", "Hauler"], ["compost_facility", "Compost facility"], ["anaerobic_digestion", "Anaerobic digestion"],
  ["transfer_station", "Transfer station"], ["landfill", "Landfill"], ["rendering", "Rendering"],
  ["food_recovery", "Food recovery"], ["other", "Other"],
];
const col = createColumnHelper<DisposalPartner>();

/** Disposal Partners: haulers and facilities the company pays to take accumulated material away. */
export default function DisposalPartnersScreen() {
  const page = usePageState(["search"]);
  const { search, typed, setTyped } = useSearchFilter(page);
  const { data, isPending, error, isFetching } = usePartnerPage(search, page.size, page.offset);
  const save = useSavePartner();
  const [editing, setEditing] = useState<DisposalPartner | "new" | null>(null);
  const toggle = (p: DisposalPartner) => save.mutate({ id: p.id, body: { active: !p.active } }, {
    onSuccess: () => notify({ kind: "success", message: p.active ? "Partner disabled" : "Partner enabled" }),
    onError: (err) => notify({ kind: "error", message: `Error updating partner: ${err.message}` }),
  });
  const columns = useMemo(() => [
    col.accessor("name", { header: "Partner" }),
    col.accessor("facility_type", { header: "Type", cell: (c) => FACILITIES.find(([k]) => k === c.getValue())?.[1] ?? "-" }),
    col.accessor("contact_name", { header: "Contact", cell: (c) => [c.getValue(), c.row.original.phone].filter(Boolean).join(" · ") || "-" }),
    col.accessor("accepted_materials", { header: "Accepts", cell: (c) => c.getValue().join(", ") || "-" }),
    col.accessor("price", { header: "Price", cell: (c) => c.getValue() ? `${usd(c.getValue())} ${c.row.original.price_basis === "per_ton" ? "per ton" : "per load"}` : "Not set" }),
    col.accessor("permit_number", { header: "Permit / facility #", cell: (c) => c.getValue() ?? "-" }),
    col.accessor("active", { header: "Status", cell: (c) => c.getValue() ? <Badge tone="green">Active</Badge> : <Badge tone="gray">Disabled</Badge> }),
    col.display({ id: "actions", header: "Actions", cell: (c) => (
      <span className="row-actions">
        <Button size="sm" variant="secondary" onClick={() => setEditing(c.row.original)}>Edit</Button>
        <Button size="sm" variant="ghost" onClick={() => toggle(c.row.original)}>{c.row.original.active ? "Disable" : "Enable"}</Button>
      </span>
    ) }),
  // dependencies deliberately partial
  ], []);
  return (
    <div>
      <div className="screen-header"><h2>Disposal Partners</h2><Button onClick={() => setEditing("new")}>Add Partner</Button></div>
      <p className="muted">Haulers and disposal facilities you pay to take material away (money out). Their price bills each truck-scale load.</p>
      <div className="invoice-filters">
        <TextField label="Search partners" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Name, contact, phone, email or permit" />
      </div>
      {isPending ? <Spinner label="Loading disposal partners..." /> : error ? <p className="alert alert-error">{error.message}</p> : (
        <DataTable data={data.disposal_partners} columns={columns} getRowId={(r) => r.id}
          empty={search ? "No disposal partners match the search" : "No disposal partners yet"}
          pager={pagerOf(page, data.total, "disposal partners", isFetching)} />
      )}
      {editing && <PartnerForm partner={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function PartnerForm({ partner, onClose }: { partner: DisposalPartner | null; onClose: () => void }) {
  const save = useSavePartner();
  const [f, setF] = useState({
    name: partner?.name ?? "", contact_name: partner?.contact_name ?? "", phone: partner?.phone ?? "", email: partner?.email ?? "",
    address: partner?.address ?? "", facility_type: partner?.facility_type ?? "", accepted: partner?.accepted_materials.join(", ") ?? "",
    price_basis: partner?.price_basis ?? "", price: partner?.price ?? "", permit_number: partner?.permit_number ?? "",
    payment_terms_days: String(partner?.payment_terms_days ?? 30),
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const problem = !f.name.trim() ? "Partner name is required"
    : (f.price_basis === "") !== (f.price === "") ? "Choose a price basis and enter a price together" : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    const body = {
      name: f.name.trim(), contact_name: f.contact_name || null, phone: f.phone || null, email: f.email || null,
      address: f.address || null, facility_type: (f.facility_type || null) as DisposalPartnerCreate["facility_type"],
      accepted_materials: f.accepted.split(",").map((m) => m.trim()).filter(Boolean),
      price_basis: (f.price_basis || null) as DisposalPartnerCreate["price_basis"], price: f.price || null,
      permit_number: f.permit_number || null, payment_terms_days: Number(f.payment_terms_days) as 0 | 15 | 30 | 60,
    };
    save.mutate({ id: partner?.id, body }, {
      onSuccess: () => { notify({ kind: "success", message: partner ? "Partner updated successfully!" : "Partner added successfully!" }); onClose(); },
      onError: (err) => notify({ kind: "error", message: `Error saving partner: ${err.message}` }),
    });
  };
  return (
    <Modal open title={partner ? "Edit Disposal Partner" : "Add Disposal Partner"} onClose={onClose} locked={save.isPending} size="lg">
      <form onSubmit={submit} noValidate>
        <TextField label="Name" value={f.name} onChange={set("name")} error={!f.name.trim() ? "Partner name is required" : null} required />
        <SelectField label="Facility type" value={f.facility_type} onChange={set("facility_type")}>
          <option value="">Not set</option>
          {FACILITIES.map(([k, label]) => <option key={k} value={k}>{label}</option>)}
        </SelectField>
        <TextField label="Contact" value={f.contact_name} onChange={set("contact_name")} />
        <TextField label="Phone" type="tel" value={f.phone} onChange={set("phone")} />
        <TextField label="Email" type="email" value={f.email} onChange={set("email")} />
        <TextField label="Address" value={f.address} onChange={set("address")} />
        <TextField label="Accepted materials (comma separated)" value={f.accepted} onChange={set("accepted")} />
        <SelectField label="Price basis" value={f.price_basis} onChange={set("price_basis")}>
          <option value="">No price</option>
          <option value="per_ton">Per ton</option>
          <option value="per_load">Per load</option>
        </SelectField>
        <TextField label="Price (USD)" type="number" step="0.01" min="0" value={f.price} onChange={set("price")} />
        <TextField label="Permit or facility number" value={f.permit_number} onChange={set("permit_number")} />
        <SelectField label="Payment terms" value={f.payment_terms_days} onChange={set("payment_terms_days")}>
          <option value="0">Due on receipt</option><option value="15">Net 15</option><option value="30">Net 30</option><option value="60">Net 60</option>
        </SelectField>
        {problem && f.name.trim() && <p className="field-error" role="alert">{problem}</p>}
        <div className="modal-actions">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>Cancel</Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving..." disabled={problem !== null}>{partner ? "Save" : "Add Partner"}</Button>
        </div>
      </form>
    </Modal>
  );
}
