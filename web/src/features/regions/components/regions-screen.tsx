import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Card, EmptyState, Spinner } from "@/components/ui/panel";
import { useCurrentSubscription } from "@/lib/api/get-current-subscription";
import { fieldErrors, formError } from "@/lib/field-errors";
import { formatDate } from "@/lib/format";
import { notify } from "@/lib/notify";
import { useRegions, type Region } from "@/lib/api/get-regions";
import { useDeleteRegion, useSaveRegion } from "../api/regions";

/** Top-level regions, each followed by its subregions (a parent the list does not hold counts as top level). */
export function regionTree(regions: Region[]): { region: Region; children: Region[] }[] {
  const ids = new Set(regions.map((r) => r.id));
  const top = regions.filter((r) => !r.parent_id || !ids.has(r.parent_id));
  return top.map((region) => ({ region, children: regions.filter((r) => r.parent_id === region.id) }));
}

/** Region Management (spec 3 section 2.23): enterprise only; real counts, working Edit and Delete. */
export default function RegionsScreen() {
  const sub = useCurrentSubscription();
  const enterprise = sub.data?.features.includes("regions") ?? false;
  const regions = useRegions({ enabled: enterprise });
  const remove = useDeleteRegion();
  const [editing, setEditing] = useState<Region | "new" | null>(null);

  if (sub.isPending) return <Spinner />;
  if (!enterprise) {
    return (
      <div className="stack">
        <div className="page-title"><h1>Region Management</h1></div>
        <EmptyState title="Enterprise Feature">
          <p>Group your locations into regions and subregions, and report by region, on the Enterprise plan.</p>
          <Link className="btn btn-primary btn-md" to="/app/subscription">Upgrade to Enterprise</Link>
        </EmptyState>
      </div>
    );
  }
  if (regions.isPending) return <Spinner label="Loading regions..." />;
  if (regions.error) return <Alert kind="error">{regions.error.message}</Alert>;
  const list = regions.data.regions;

  const del = (r: Region) => {
    if (!window.confirm(`Delete region ${r.name}?`)) return;
    remove.reset();
    remove.mutate(r.id, {
      onSuccess: () => notify({ kind: "success", message: `Region ${r.name} deleted` }),
    });
  };
  const row = (r: Region) => (
    <div className="region-row" key={r.id} data-testid={`region-${r.name}`}>
      <div>
        <strong>{r.name}</strong>
        {r.description && <div className="small muted">{r.description}</div>}
        <div className="small muted">Created {formatDate(r.created_at)} · {r.store_count} {r.store_count === 1 ? "location" : "locations"} · {r.user_count} {r.user_count === 1 ? "user" : "users"}</div>
      </div>
      <div className="row">
        <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>Edit</Button>
        <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => del(r)}
          title={r.store_count > 0 ? "Move its locations to another region first" : undefined}>Delete</Button>
      </div>
    </div>
  );

  return (
    <div className="stack">
      <div className="page-title">
        <h1>Region Management</h1>
        <Button onClick={() => setEditing("new")}>Add Region</Button>
      </div>
      <p className="muted small">Assign a location to a region from its Edit dialog in Locations. A region still used by a location cannot be deleted: move its locations first.</p>
      {remove.error && <Alert kind="error">{remove.error.message}</Alert>}
      {list.length === 0 ? <EmptyState title="No regions yet"><p>Add a region, then assign locations to it.</p></EmptyState> : (
        <div className="stack">
          {regionTree(list).map(({ region, children }) => (
            <Card key={region.id}>
              {row(region)}
              {children.length > 0 && <div className="region-children stack">{children.map(row)}</div>}
            </Card>
          ))}
        </div>
      )}
      {editing && <RegionDialog region={editing === "new" ? null : editing} regions={list} onClose={() => setEditing(null)} />}
    </div>
  );
}

function RegionDialog({ region, regions, onClose }: { region: Region | null; regions: Region[]; onClose: () => void }) {
  const save = useSaveRegion();
  const [name, setName] = useState(region?.name ?? "");
  const [description, setDescription] = useState(region?.description ?? "");
  const [parent, setParent] = useState(region?.parent_id ?? "");
  const [touched, setTouched] = useState(false);
  const local = !name.trim() ? "Region name is required" : null;
  const server = fieldErrors(save.error);
  const parents = regions.filter((r) => r.id !== region?.id && !r.parent_id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (local) return;
    save.mutate({ id: region?.id, body: { name: name.trim(), description: description.trim() || null, parent_id: parent || null } }, {
      onSuccess: () => { notify({ kind: "success", message: region ? "Region updated" : "Region created" }); onClose(); },
    });
  };
  const general = formError(save.error, ["name", "description", "parent_id"], region ? "Failed to update region" : "Failed to create region");
  return (
    <Modal open title={region ? "Edit Region" : "Add Region"} onClose={onClose} locked={save.isPending}>
      <form onSubmit={submit} noValidate className="stack">
        {general && <Alert kind="error">{general}</Alert>}
        <TextField label="Region name" value={name} onChange={(e) => setName(e.target.value)} error={(touched ? local : null) ?? server.name ?? null} required />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} error={server.description ?? null} />
        <SelectField label="Parent region (makes this a subregion)" value={parent} onChange={(e) => setParent(e.target.value)} error={server.parent_id ?? null}>
          <option value="">None (top-level region)</option>
          {parents.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
        </SelectField>
        <div className="modal-actions row">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>Cancel</Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">{region ? "Save Region" : "Add Region"}</Button>
        </div>
      </form>
    </Modal>
  );
}
