import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { useUnitsOfMeasure } from "../api/get-units-of-measure";
import { initialValues, validateAdd, validateEdit, valuesFromItem, type FormErrors, type FormValues } from "../lib/item-form";
import type { FieldSpec, ListConfig } from "../lib/list-config";
import type { ListItem } from "../types";

export interface ItemDialogProps {
  config: ListConfig;
  /** The item being edited; null for the add dialog. */
  item: ListItem | null;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSave: (values: FormValues) => Promise<boolean>;
}

/** One add/edit dialog for all six lists; the fields come from the list's config. */
export function ItemDialog({ config, item, open, busy, onClose, onSave }: ItemDialogProps) {
  const [values, setValues] = useState<FormValues>(() => initialValues(config));
  const [errors, setErrors] = useState<FormErrors>({});
  const needsUnits = config.fields.some((f) => f.kind === "unit");
  const units = useUnitsOfMeasure(open && needsUnits);

  useEffect(() => {
    if (!open) return;
    setValues(item ? valuesFromItem(config, item) : initialValues(config));
    setErrors({});
  }, [open, item, config]);

  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field's error clears as soon as it is edited (spec 2 section 5).
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = item ? validateEdit(config, values, item) : validateAdd(config, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await onSave(values)) {
      setValues(initialValues(config));
      onClose();
    }
  };

  const lockedName = Boolean(item?.is_system_standard);
  const formId = `${config.path}-item-form`;

  const render = (field: FieldSpec) => {
    const value = values[field.name];
    const error = errors[field.name];
    switch (field.kind) {
      case "checkbox":
        return (
          <label key={field.name} className="check">
            <input type="checkbox" name={field.name} checked={Boolean(value)}
              onChange={(e) => set(field.name, e.target.checked)} />
            <span>{field.label}</span>
          </label>
        );
      case "textarea":
        return (
          <div key={field.name} className="field">
            <label htmlFor={`${formId}-${field.name}`}>{field.label}</label>
            <textarea id={`${formId}-${field.name}`} name={field.name} rows={2} value={String(value ?? "")}
              onChange={(e) => set(field.name, e.target.value)} />
          </div>
        );
      case "select":
      case "unit": {
        const options = field.kind === "unit"
          ? (units.data ?? []).map((u) => ({ value: u.code, label: `${u.display_name} (${u.code})` }))
          : (field.options ?? []);
        const current = String(value ?? "");
        return (
          <SelectField key={field.name} label={field.label} name={field.name} value={current} error={error}
            onChange={(e) => set(field.name, e.target.value)}>
            {field.kind === "unit" && <option value="">Select a unit</option>}
            {current && !options.some((o) => o.value === current) && <option value={current}>{current}</option>}
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </SelectField>
        );
      }
      default:
        return (
          <TextField key={field.name} label={field.label} name={field.name} error={error} hint={
            field.name === "name" && lockedName ? "System standard names cannot be changed" : field.hint}
            type={field.kind === "number" ? "number" : "text"} step={field.step} min={field.min}
            value={String(value ?? "")} disabled={field.name === "name" && lockedName}
            onChange={(e) => set(field.name, e.target.value)} />
        );
    }
  };

  return (
    <Modal open={open} title={item ? config.editTitle : config.addTitle} onClose={onClose} locked={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button type="submit" form={formId} busy={busy} busyLabel="Saving...">
            {item ? "Save Changes" : config.addLabel}
          </Button>
        </>
      }>
      <form id={formId} className="stack" onSubmit={submit} noValidate>
        {config.fields.map(render)}
      </form>
    </Modal>
  );
}
