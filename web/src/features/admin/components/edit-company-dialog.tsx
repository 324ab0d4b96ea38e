import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { fieldErrors, formError } from "@/lib/field-errors";
import { notify } from "@/lib/notify";
import { US_STATES } from "@/lib/us-states";
import { useEditCompany, type CompanyEdit } from "../api/edit-company";
import type { TenantCompany } from "../api/set-company-status";

const FIELDS = ["name", "email", "industry", "phone", "address_street", "address_city", "address_state", "address_zip", "max_facilities_override"] as const;
type Field = (typeof FIELDS)[number];

/** The fields that differ from the company as listed; a blank limit means "the plan's limit" (null). */
export function companyChanges(company: TenantCompany, f: Record<Field, string>): CompanyEdit {
  const current: Record<Field, string> = {
    name: company.name, email: company.email ?? "", industry: company.industry ?? "", phone: company.phone ?? "",
    address_street: company.address?.street ?? "", address_city: company.address?.city ?? "",
    address_state: company.address?.state ?? "", address_zip: company.address?.zip ?? "",
    max_facilities_override: company.max_facilities_override == null ? "" : String(company.max_facilities_override),
  };
  const body: Record<string, string | number | null> = {};
  for (const k of FIELDS) {
    if (f[k].trim() === current[k]) continue;
    if (k === "max_facilities_override") body[k] = f[k].trim() === "" ? null : Number(f[k]);
    else body[k] = f[k].trim();
  }
  return body as CompanyEdit;
}

export function EditCompanyDialog({ company, onClose }: { company: TenantCompany; onClose: () => void }) {
  const edit = useEditCompany();
  const [f, setF] = useState<Record<Field, string>>({
    name: company.name, email: company.email ?? "", industry: company.industry ?? "", phone: company.phone ?? "",
    address_street: company.address?.street ?? "", address_city: company.address?.city ?? "",
    address_state: company.address?.state ?? "", address_zip: company.address?.zip ?? "",
    max_facilities_override: company.max_facilities_override == null ? "" : String(company.max_facilities_override),
  });
  const errors = fieldErrors(edit.error);
  const local = !f.name.trim() ? "Company name is required" : null;
  const set = (k: Field) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (local) return;
    const body = companyChanges(company, f);
    if (Object.keys(body).length === 0) return onClose();
    edit.mutate({ id: company.id, body }, {
      onSuccess: (c) => { notify({ kind: "success", message: `${c.name} updated` }); onClose(); },
    });
  };
  const general = formError(edit.error, FIELDS, "Failed to update company");
  return (
    <Modal open title="Edit Company" onClose={onClose} locked={edit.isPending} size="lg">
      <form onSubmit={submit} noValidate className="stack">
        {general && <Alert kind="error">{general}</Alert>}
        <div className="form-grid">
          <TextField label="Company name" value={f.name} onChange={set("name")} error={local ?? errors.name ?? null} required />
          <TextField label="Email" type="email" value={f.email} onChange={set("email")} error={errors.email ?? null} />
          <TextField label="Industry" value={f.industry} onChange={set("industry")} error={errors.industry ?? null} />
          <TextField label="Phone" type="tel" value={f.phone} onChange={set("phone")} error={errors.phone ?? null} />
        </div>
        <TextField label="Street address" value={f.address_street} onChange={set("address_street")} error={errors.address_street ?? null} />
        <div className="form-grid">
          <TextField label="City" value={f.address_city} onChange={set("address_city")} error={errors.address_city ?? null} />
          <SelectField label="State" value={f.address_state} onChange={set("address_state")} error={errors.address_state ?? null}>
            <option value="">—</option>
            {US_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
          </SelectField>
          <TextField label="ZIP code" value={f.address_zip} onChange={set("address_zip")} error={errors.address_zip ?? null} />
          <TextField label="Location limit" type="number" min={1} value={f.max_facilities_override} onChange={set("max_facilities_override")}
            error={errors.max_facilities_override ?? null} hint="Blank: the plan's limit" />
        </div>
        <div className="modal-actions row">
          <Button variant="ghost" onClick={onClose} disabled={edit.isPending}>Cancel</Button>
          <Button type="submit" busy={edit.isPending} busyLabel="Saving...">Save Company</Button>
        </div>
      </form>
    </Modal>
  );
}
