import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import type { Region } from "@/lib/api/get-regions";
import { ApiError } from "@/lib/api-client";
import { fieldErrors, formError } from "@/lib/field-errors";
import { US_STATES } from "@/lib/us-states";
import { createStore, type StoreCreated } from "@/lib/api/create-store";
import { getEmployeeInterfaceQueryOptions, useEmployeeInterface } from "@/lib/api/get-employee-interface";
import { useRefreshLocations, useUpdateStore, type Store } from "../api/stores";
import { updateEmployeeInterface } from "@/lib/api/update-employee-interface";

const FIELDS = ["name", "store_number", "address", "city", "state", "zip_code", "region_id", "subregion_id"] as const;
type Form = Record<(typeof FIELDS)[number], string> & { is_active: boolean; scale_display_unit: "lb" | "kg" };

/** Add New Location / Edit Location (spec 3 section 2.21): name and store number required; region only
 * on enterprise when regions exist; the employee interface (Simple or Advanced) of an existing location
 * saves the moment it is toggled, a new one's goes with the create. */
export function LocationDialog({ store, regions, onClose, onCreated }: {
  store: Store | null;
  /** Offered only on enterprise when the company has regions; null hides the field. */
  regions: Region[] | null;
  onClose: () => void;
  onCreated: (created: StoreCreated) => void;
}) {
  const [f, setF] = useState<Form>({
    name: store?.name ?? "", store_number: store?.store_number ?? "", address: store?.address ?? "",
    city: store?.city ?? "", state: store?.state ?? "", zip_code: store?.zip_code ?? "",
    region_id: store?.region_id ?? "", subregion_id: store?.subregion_id ?? "", is_active: store?.is_active ?? true,
    scale_display_unit: store?.scale_display_unit ?? "lb",
  });
  const [advanced, setAdvanced] = useState(false);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const update = useUpdateStore();
  const refresh = useRefreshLocations();
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  const subregions = regions && f.region_id ? regions.filter((r) => r.parent_id === f.region_id) : [];
  const local: Partial<Record<keyof Form, string>> = {};
  if (!f.name.trim()) local.name = "Location name is required";
  if (!f.store_number.trim()) local.store_number = "Store number is required";
  const server = fieldErrors(error);
  const shown = (k: keyof Form) => (touched ? local[k] : undefined) ?? server[k] ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(local).length) return;
    setError(null);
    const body = {
      name: f.name, store_number: f.store_number, address: f.address, city: f.city, state: f.state || null,
      zip_code: f.zip_code, scale_display_unit: f.scale_display_unit,
      ...(regions ? { region_id: f.region_id || null, subregion_id: (f.region_id && f.subregion_id) || null } : {}),
    };
    setBusy(true);
    try {
      if (store) {
        await update.mutateAsync({ id: store.id, body: { ...body, is_active: f.is_active } });
        onClose();
      } else {
        const created = await createStore({ ...body, advanced_options_enabled: advanced });
        await refresh();
        onCreated(created);
      }
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const general = formError(error, FIELDS, store ? "Failed to update location" : "Failed to create location");

  return (
    <Modal open title={store ? "Edit Location" : "Add New Location"} onClose={onClose} locked={busy} size="lg">
      <form onSubmit={submit} noValidate className="stack">
        {general && <Alert kind="error">{general}</Alert>}
        <div className="form-grid">
          <TextField label="Location name" value={f.name} onChange={set("name")} error={shown("name")} required />
          <TextField label="Store number" value={f.store_number} onChange={set("store_number")} error={shown("store_number")} required />
        </div>
        <TextField label="Address" value={f.address} onChange={set("address")} error={shown("address")} />
        <div className="form-grid">
          <TextField label="City" value={f.city} onChange={set("city")} error={shown("city")} />
          <SelectField label="State" value={f.state} onChange={set("state")} error={shown("state")}>
            <option value="">Select state</option>
            {US_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
          </SelectField>
          <TextField label="ZIP code" value={f.zip_code} onChange={set("zip_code")} error={shown("zip_code")} inputMode="numeric" />
          {regions && (
            <SelectField label="Region" value={f.region_id} onChange={(e) => setF({ ...f, region_id: e.target.value, subregion_id: "" })} error={shown("region_id")}>
              <option value="">No Region</option>
              {regions.filter((r) => !r.parent_id).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
            </SelectField>
          )}
          {subregions.length > 0 && (
            <SelectField label="Subregion" value={f.subregion_id} onChange={set("subregion_id")} error={shown("subregion_id")}>
              <option value="">No Subregion</option>
              {subregions.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
            </SelectField>
          )}
        </div>
        <SelectField label="Scale display unit" value={f.scale_display_unit} error={server.scale_display_unit ?? null}
          onChange={(e) => setF({ ...f, scale_display_unit: e.target.value === "kg" ? "kg" : "lb" })}
          hint="What this location's scale shows when a photo hides the unit; AI readings in kilograms are converted to pounds.">
          <option value="lb">Pounds (lb)</option>
          <option value="kg">Kilograms (kg)</option>
        </SelectField>
        {store && (
          <label className="check">
            <input type="checkbox" checked={f.is_active} onChange={(e) => setF({ ...f, is_active: e.target.checked })} />
            <span>Active</span>
          </label>
        )}
        {store ? <EmployeeInterfaceChoice storeId={store.id} /> : (
          <InterfaceRadios value={advanced} onChange={setAdvanced} disabled={busy} />
        )}
        <div className="modal-actions row">
          <Button variant="ghost" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button type="submit" busy={busy} busyLabel="Saving...">{store ? "Update Location" : "Add Location"}</Button>
        </div>
      </form>
    </Modal>
  );
}

function InterfaceRadios({ value, onChange, disabled }: { value: boolean; onChange: (advanced: boolean) => void; disabled?: boolean }) {
  return (
    <fieldset className="stack" disabled={disabled}>
      <legend><strong>Employee Interface</strong></legend>
      <label className="check">
        <input type="radio" name="employee-interface" checked={!value} onChange={() => onChange(false)} />
        <span>Simple — one screen using the default #1 container, destination and waste type</span>
      </label>
      <label className="check">
        <input type="radio" name="employee-interface" checked={value} onChange={() => onChange(true)} />
        <span>Advanced — a 2-step wizard: choose container, destination and waste type; then weight image and confirm</span>
      </label>
    </fieldset>
  );
}

/** Loads the location's setting when the dialog opens and saves each toggle at once (PUT /api/company/settings). */
function EmployeeInterfaceChoice({ storeId }: { storeId: string }) {
  const qc = useQueryClient();
  const setting = useEmployeeInterface(storeId);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (advanced: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await updateEmployeeInterface({ store_id: storeId, advanced_options_enabled: advanced });
      qc.setQueryData(getEmployeeInterfaceQueryOptions(storeId).queryKey, saved);
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? "Failed to update employee interface setting. Please try again."
        : "Error updating employee interface setting. Please try again.");
    } finally {
      setSaving(false);
    }
  };
  if (setting.isPending) return <p className="muted small">Loading employee interface...</p>;
  return (
    <div className="stack">
      {error && <Alert kind="error">{error}</Alert>}
      <InterfaceRadios value={Boolean(setting.data?.advanced_options_enabled)} onChange={change} disabled={saving} />
      {saving && <span className="small muted" role="status">Saving...</span>}
    </div>
  );
}
