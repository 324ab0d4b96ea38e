import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useRef, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { ListExportButtons } from "@/components/busy/list-export-buttons";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { fetchApiFile, saveResponse } from "@/lib/download";
import { notify } from "@/lib/notify";
import { pagerOf, usePageState, useSearchFilter } from "@/lib/page-state";
import { useSession } from "@/lib/session";
import { useActiveWasteTypes } from "@/lib/api/get-active-waste-types";
import { type Customer, type CustomerWrite, useBulkUpload, useCustomerPage, useSaveCustomer } from "../api/inbound";
import { bulkSummary, isCsvFile, MESSAGES } from "../lib/wizard";
import { InboundGate } from "@/components/inbound-gate";
import "./inbound.css";

const PRICE_UNITS = ["lb", "ton", "yard", "gallon", "each"] as const;
const col = createColumnHelper<Customer>();

/** The full customer, as every toggle sends it (spec 3 s4). */
export const toWrite = (c: Customer): CustomerWrite => ({
  customer_name: c.customer_name, phone: c.phone, email: c.email, address: c.address, is_hauler: c.is_hauler,
  active: c.active, account_number: c.account_number, custom_pricing_per_unit: c.custom_pricing_per_unit,
  default_unit_of_measure: (c.default_unit_of_measure as CustomerWrite["default_unit_of_measure"]) ?? null,
  pricing_by_waste_type: Object.fromEntries(Object.entries(c.pricing_by_waste_type).map(([k, v]) => [k, { price: v.price, uom: v.uom as "lb" }])),
  notes: c.notes,
});

export default function CustomersScreen() {
  return <InboundGate><Customers /></InboundGate>;
}

function Customers() {
  const page = usePageState(["search"]);
  const { search, typed, setTyped } = useSearchFilter(page); // back and reload bring the search back with the page
  const { data, isLoading, isError, isFetching } = useCustomerPage({ search, limit: page.size, offset: page.offset });
  const save = useSaveCustomer();
  const { user } = useSession();
  const isAdmin = user?.role === "store_admin";
  const [editing, setEditing] = useState<Customer | "new" | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const toggle = async (c: Customer, change: Partial<CustomerWrite>, failed: string, error: string) => {
    try {
      await save.mutateAsync({ id: c.id, body: { ...toWrite(c), ...change } });
      notify({ kind: "success", message: "Customer updated successfully!" });
    } catch (e) {
      notify({ kind: "error", message: (e as { status?: number }).status ? `${failed}: ${(e as Error).message}` : error });
    }
  };

  const columns = useMemo(() => [
    col.accessor((c) => c.account_number ?? c.id.slice(0, 8), {
      id: "customer", header: "Customer",
      cell: (c) => <div><strong>{c.row.original.customer_name}</strong><div className="muted">{c.getValue()}</div></div>,
    }),
    col.accessor("is_hauler", { header: "Type", cell: (c) => <Badge tone={c.getValue() ? "purple" : "blue"}>{c.getValue() ? "Hauler" : "Payee"}</Badge> }),
    col.accessor((c) => [c.phone, c.email].filter(Boolean).join(" · "), { id: "contact", header: "Contact" }),
    col.accessor((c) => c.custom_pricing_per_unit, {
      id: "pricing", header: "Pricing",
      cell: (c) => {
        const r = c.row.original;
        const n = Object.keys(r.pricing_by_waste_type).length;
        const base = r.custom_pricing_per_unit != null ? `$${r.custom_pricing_per_unit}/${r.default_unit_of_measure ?? "lb"}` : "System";
        return n ? `${base} + ${n} custom` : base;
      },
    }),
    col.accessor("active", { header: "Status", cell: (c) => <Badge tone={c.getValue() ? "green" : "gray"}>{c.getValue() ? "Active" : "Disabled"}</Badge> }),
    col.display({
      id: "actions", header: "Actions",
      cell: (c) => {
        const r = c.row.original;
        if (!isAdmin) return null;
        return (
          <div className="row-actions">
            <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>Edit</Button>
            <Button size="sm" variant="ghost" onClick={() => toggle(r, { active: !r.active }, "Failed to update customer status", "Error updating customer status")}>
              {r.active ? "Disable" : "Enable"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => toggle(r, { is_hauler: !r.is_hauler }, "Failed to update customer type", "Error updating customer type")}>
              {r.is_hauler ? "Make Payee" : "Make Hauler"}
            </Button>
          </div>
        );
      },
    }),
  // dependencies deliberately partial
  ], [isAdmin]);

  if (isLoading) return <Spinner label="Loading customers..." />;

  const downloadTemplate = async () => {
    try {
      await saveResponse(await fetchApiFile("/api/inbound/customers/template"), "customer_import_template.csv");
    } catch (e) {
      notify({ kind: "error", message: (e as Error).message });
    }
  };

  return (
    <div className="inbound-screen">
      <h1>Customer Management</h1>
      {isError && <Alert kind="error">Failed to fetch customers</Alert>}
      <div className="toolbar">
        <TextField label="Search customers" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Name, account, email or phone" />
        <Button onClick={() => setEditing("new")}>Add Customer</Button>
        {isAdmin && (
          <details className="menu">
            <summary className="btn btn-secondary btn-md">Bulk Operations</summary>
            <div className="menu-items">
              <Button variant="ghost" onClick={downloadTemplate}>Download Template</Button>
              <Button variant="ghost" onClick={() => setBulkOpen(true)}>Upload Customers</Button>
            </div>
          </details>
        )}
        {isAdmin && <ListExportButtons path="/api/inbound/customers/export" filters={{ search: search.trim() }} name="customers" label="Export customers" />}
      </div>
      <div className="inbound-cards">
        <Card className="inbound-card"><div className="label">Total Customers</div><div className="value">{data?.total ?? 0}</div></Card>
        <Card className="inbound-card"><div className="label">Payees</div><div className="value">{data?.payees ?? 0}</div></Card>
        <Card className="inbound-card"><div className="label">Haulers</div><div className="value">{data?.haulers ?? 0}</div></Card>
      </div>
      {(data?.total ?? 0) === 0 ? (
        <EmptyState title="No customers found"><Button onClick={() => setEditing("new")}>Add First Customer</Button></EmptyState>
      ) : (
        <DataTable data={data?.customers ?? []} columns={columns} getRowId={(c) => c.id} empty="No customers found" caption="Customers"
          pager={pagerOf(page, data?.matching ?? 0, "customers", isFetching)} />
      )}
      {editing && <CustomerDialog customer={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <BulkUploadDialog open={bulkOpen} onClose={() => setBulkOpen(false)} />
    </div>
  );
}

type PriceRow = { waste_type: string; price: string; uom: string };

export function CustomerDialog({ customer, onClose, onSaved, initialName = "", initialHauler = false }: {
  customer: Customer | null; onClose: () => void; onSaved?: (c: Customer) => void; initialName?: string; initialHauler?: boolean;
}) {
  const save = useSaveCustomer();
  const wasteTypes = useActiveWasteTypes();
  const [tab, setTab] = useState<"basic" | "pricing">("basic");
  const [form, setForm] = useState({
    customer_name: customer?.customer_name ?? initialName, phone: customer?.phone ?? "", email: customer?.email ?? "",
    address: customer?.address ?? "", is_hauler: customer?.is_hauler ?? initialHauler, active: customer?.active ?? true,
    price: customer?.custom_pricing_per_unit != null ? String(customer.custom_pricing_per_unit) : "",
    unit: customer?.default_unit_of_measure ?? "lb", notes: customer?.notes ?? "",
  });
  const [prices, setPrices] = useState<PriceRow[]>(
    Object.entries(customer?.pricing_by_waste_type ?? {}).map(([k, v]) => ({ waste_type: k, price: String(v.price), uom: v.uom })),
  );
  const [draft, setDraft] = useState<PriceRow>({ waste_type: "", price: "", uom: "lb" });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form, v: string | boolean) => setForm((f) => ({ ...f, [k]: v }));

  const addPrice = () => {
    if (!draft.waste_type || draft.price === "") {
      setError("Please select a waste type and enter a price");
      return;
    }
    setError(null);
    setPrices((p) => [...p.filter((x) => x.waste_type !== draft.waste_type), draft]);
    setDraft({ waste_type: "", price: "", uom: "lb" });
  };

  const submit = async () => {
    if (!form.customer_name.trim()) {
      setError(MESSAGES.nameRequired);
      return;
    }
    const body: CustomerWrite = {
      customer_name: form.customer_name, phone: form.phone || null, email: form.email || null, address: form.address || null,
      is_hauler: form.is_hauler, active: form.active, account_number: customer?.account_number ?? null,
      custom_pricing_per_unit: form.price === "" ? null : Number(form.price),
      default_unit_of_measure: form.unit as CustomerWrite["default_unit_of_measure"], notes: form.notes || null,
      pricing_by_waste_type: Object.fromEntries(prices.map((p) => [p.waste_type, { price: Number(p.price), uom: p.uom as "lb" }])),
    };
    try {
      const saved = await save.mutateAsync({ id: customer?.id, body });
      notify({ kind: "success", message: customer ? "Customer updated successfully!" : "Customer added successfully!" });
      onSaved?.(saved);
      onClose();
    } catch (e) {
      setError(`${customer ? "Error updating customer" : "Error adding customer"}: ${(e as Error).message}`);
    }
  };

  return (
    <Modal open title={customer ? "Edit Customer" : "Add New Customer"} onClose={onClose} footer={
      <>
        <Button variant="secondary" onClick={onClose}>Cancel</Button>
        <Button onClick={submit} busy={save.isPending} disabled={!form.customer_name.trim()}>{customer ? "Save Changes" : "Add Customer"}</Button>
      </>
    }>
      {customer && (
        <div role="tablist" className="tabs">
          <button type="button" role="tab" aria-selected={tab === "basic"} onClick={() => setTab("basic")}>Basic Information</button>
          <button type="button" role="tab" aria-selected={tab === "pricing"} onClick={() => setTab("pricing")}>Custom Pricing</button>
        </div>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {tab === "basic" ? (
        <div className="form-grid">
          <TextField label="Customer name" value={form.customer_name} onChange={(e) => set("customer_name", e.target.value)} required />
          <TextField label="Phone" type="tel" value={form.phone} onChange={(e) => set("phone", e.target.value)} />
          <TextField label="Email" type="email" value={form.email} onChange={(e) => set("email", e.target.value)} />
          <TextField label="Address" value={form.address} onChange={(e) => set("address", e.target.value)} />
          <SelectField label="Type" value={form.is_hauler ? "hauler" : "payee"} onChange={(e) => set("is_hauler", e.target.value === "hauler")}>
            <option value="payee">Payee</option><option value="hauler">Hauler</option>
          </SelectField>
          <TextField label="Default price" type="number" step="0.01" min="0" value={form.price} onChange={(e) => set("price", e.target.value)} />
          <SelectField label="Unit" value={form.unit} onChange={(e) => set("unit", e.target.value)}>
            {PRICE_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}
          </SelectField>
          <label className="check"><input type="checkbox" checked={form.active} onChange={(e) => set("active", e.target.checked)} /> Active</label>
          <TextField label="Notes" value={form.notes} onChange={(e) => set("notes", e.target.value)} />
        </div>
      ) : (
        <div>
          <table className="simple-table"><tbody>
            {prices.map((p) => (
              <tr key={p.waste_type}><td>{p.waste_type}</td><td>${p.price}/{p.uom}</td>
                <td><Button size="sm" variant="ghost" onClick={() => setPrices((x) => x.filter((y) => y.waste_type !== p.waste_type))}>Remove</Button></td></tr>
            ))}
          </tbody></table>
          <div className="toolbar">
            <SelectField label="Waste type" value={draft.waste_type} onChange={(e) => setDraft({ ...draft, waste_type: e.target.value })}>
              <option value="">Select...</option>
              {(wasteTypes.data ?? []).map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
            </SelectField>
            <TextField label="Price" type="number" step="0.01" min="0" value={draft.price} onChange={(e) => setDraft({ ...draft, price: e.target.value })} />
            <SelectField label="Unit" value={draft.uom} onChange={(e) => setDraft({ ...draft, uom: e.target.value })}>
              {PRICE_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}
            </SelectField>
            <Button variant="secondary" onClick={addPrice}>Add Price</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function BulkUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const upload = useBulkUpload();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "success"; lines: string[] } | null>(null);
  const send = async () => {
    if (!file) return setMessage({ kind: "error", lines: ["Please select a file first"] });
    if (!isCsvFile(file)) return setMessage({ kind: "error", lines: ["Please select a valid CSV file"] });
    try {
      const r = await upload.mutateAsync(file);
      setMessage({ kind: "success", lines: bulkSummary(r) });
    } catch (e) {
      setMessage({ kind: "error", lines: [`Error during bulk upload: ${(e as Error).message}`] });
    }
  };
  return (
    <Modal open={open} title="Bulk Upload" onClose={onClose} footer={
      <>
        <Button variant="secondary" onClick={onClose}>Close</Button>
        <Button onClick={send} busy={upload.isPending}>Upload</Button>
      </>
    }>
      <p>Columns: customer_name, phone, email, address, is_hauler, active, pricing_per_unit, unit_of_measure, notes.</p>
      <input ref={input} type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={(e) => { setFile(e.target.files?.[0] ?? null); setMessage(null); }} />
      {message && <Alert kind={message.kind}>{message.lines.map((l) => <div key={l}>{l}</div>)}</Alert>}
    </Modal>
  );
}
