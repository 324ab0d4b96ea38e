import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { fieldErrors, formError } from "@/lib/field-errors";
import { notify } from "@/lib/notify";
import { useCreateUser, useUpdateUser, type AvailableLocations, type User, type UserUpdate } from "../api/users";

const FIELDS = ["first_name", "last_name", "email", "password", "role", "phone", "assigned_location_id", "pin", "is_active"] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Exclude<Field, "is_active">, string> & { is_active: boolean };

/** Client-side rules of spec 3 section 5, so a form never travels incomplete; the server checks them again. */
export function validateUser(f: Form, isNew: boolean): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (!f.first_name.trim()) out.first_name = "First name is required";
  if (!f.last_name.trim()) out.last_name = "Last name is required";
  if (!f.email.trim()) out.email = "Email is required";
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(f.email.trim())) out.email = "Enter a valid email address";
  if (isNew && !f.password) out.password = "Password is required";
  else if (f.password && f.password.length < 6) out.password = "Password must be at least 6 characters";
  if (f.pin && !/^\d{4}$/.test(f.pin)) out.pin = "PIN must be exactly 4 digits";
  return out;
}

/** Only what changed goes to PUT /api/users/{id}; an empty password (or PIN) keeps the current one. */
export function userChanges(user: User, f: Form, locationsShown: boolean): UserUpdate {
  const body: UserUpdate = {};
  if (f.first_name.trim() !== user.first_name) body.first_name = f.first_name.trim();
  if (f.last_name.trim() !== user.last_name) body.last_name = f.last_name.trim();
  if (f.email.trim().toLowerCase() !== user.email.toLowerCase()) body.email = f.email.trim();
  if ((f.phone.trim() || null) !== (user.phone ?? null) && f.phone.trim()) body.phone = f.phone.trim();
  if (f.role !== user.role) body.role = f.role;
  if (f.password) body.password = f.password;
  if (f.pin) body.pin = f.pin;
  if (f.is_active !== user.is_active) body.is_active = f.is_active;
  const location = f.role === "store_employee" && locationsShown ? f.assigned_location_id || null : null;
  if (location !== (user.assigned_location_id ?? null)) body.assigned_location_id = location;
  return body;
}

export function UserDialog({ user, locations, onClose }: {
  user: User | null;
  locations: AvailableLocations | undefined;
  onClose: () => void;
}) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const [f, setF] = useState<Form>({
    first_name: user?.first_name ?? "", last_name: user?.last_name ?? "", email: user?.email ?? "", password: "",
    role: user?.role ?? "store_employee", phone: user?.phone ?? "", assigned_location_id: user?.assigned_location_id ?? "",
    pin: "", is_active: user?.is_active ?? true,
  });
  const [touched, setTouched] = useState(false);
  const error = user ? update.error : create.error;
  const busy = create.isPending || update.isPending;
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const local = validateUser(f, !user);
  const server = fieldErrors(error);
  const shown = (k: Field) => (touched ? local[k] : undefined) ?? server[k] ?? null;
  const locationsShown = Boolean(locations?.feature_available);
  const isEmployee = f.role === "store_employee";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(local).length) return;
    if (user) {
      const body = userChanges(user, f, locationsShown);
      if (Object.keys(body).length === 0) return onClose();
      update.mutate({ id: user.id, body }, {
        onSuccess: () => { notify({ kind: "success", message: "User updated successfully!" }); onClose(); },
      });
    } else {
      create.mutate({
        first_name: f.first_name.trim(), last_name: f.last_name.trim(), email: f.email.trim(), password: f.password,
        role: f.role, phone: f.phone.trim() || null, pin: isEmployee && f.pin ? f.pin : null,
        assigned_location_id: isEmployee && locationsShown ? f.assigned_location_id || null : null,
      }, { onSuccess: () => { notify({ kind: "success", message: "User created successfully!" }); onClose(); } });
    }
  };
  const general = formError(error, FIELDS, user ? "Error updating user" : "Failed to create user");

  return (
    <Modal open title={user ? "Edit User" : "Add User"} onClose={onClose} locked={busy} size="lg">
      <form onSubmit={submit} noValidate className="stack">
        {general && <Alert kind="error">{general}</Alert>}
        <div className="form-grid">
          <TextField label="First name" value={f.first_name} onChange={set("first_name")} error={shown("first_name")} required autoComplete="off" />
          <TextField label="Last name" value={f.last_name} onChange={set("last_name")} error={shown("last_name")} required autoComplete="off" />
          <TextField label="Email" type="email" value={f.email} onChange={set("email")} error={shown("email")} required autoComplete="off" />
          <TextField label="Phone" type="tel" value={f.phone} onChange={set("phone")} error={shown("phone")} />
          <TextField label={user ? "New password" : "Password"} type="password" value={f.password} onChange={set("password")}
            error={shown("password")} hint={user ? "Leave blank to keep the current password" : "At least 6 characters"} autoComplete="new-password" required={!user} />
          <SelectField label="Role" value={f.role} onChange={set("role")} error={shown("role")}>
            <option value="store_employee">Store Employee</option>
            <option value="store_admin">Store Admin</option>
          </SelectField>
        </div>
        {isEmployee && (locationsShown ? (
          <SelectField label="Assigned location" value={f.assigned_location_id} onChange={set("assigned_location_id")} error={shown("assigned_location_id")}>
            <option value="">All locations (company-wide access)</option>
            {locations!.locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </SelectField>
        ) : <p className="small muted">Location assignment is for Pro and Enterprise only.</p>)}
        {isEmployee && (
          <TextField label={user?.has_pin ? "New PIN (4 digits)" : "PIN (4 digits)"} value={f.pin} onChange={set("pin")} error={shown("pin")}
            inputMode="numeric" maxLength={4} hint={user?.has_pin ? "Leave blank to keep the current PIN" : "Optional: the employee signs in at the scale with it"} autoComplete="off" />
        )}
        {user && (
          <label className="check">
            <input type="checkbox" checked={f.is_active} onChange={(e) => setF({ ...f, is_active: e.target.checked })} />
            <span>Active</span>
          </label>
        )}
        <div className="modal-actions row">
          <Button variant="ghost" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button type="submit" busy={busy} busyLabel="Saving...">{user ? "Update User" : "Add User"}</Button>
        </div>
      </form>
    </Modal>
  );
}
