import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { ZIP_MAX, validateSignupForm, type SignupErrors, type SignupField, type SignupForm } from "../validation";

const ADDRESS_FIELDS = new Set<SignupField>(["street", "city", "state", "zipCode"]);

export function ManualFormStep({ initial, trial, busy, onSubmit }: {
  initial: SignupForm;
  trial: boolean;
  busy: boolean;
  onSubmit: (form: SignupForm) => void;
}) {
  const [form, setForm] = useState<SignupForm>(initial);
  const [errors, setErrors] = useState<SignupErrors>({});

  // Editing a field clears its error (spec 1 section 5).
  const set = (field: SignupField | "phone", value: string) => {
    setForm((f) => (ADDRESS_FIELDS.has(field as SignupField) ? { ...f, address: { ...f.address, [field]: value } } : { ...f, [field]: value }));
    if (field !== "phone") setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignupForm(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit(form);
  };
  const field = (name: SignupField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={name}
      value={ADDRESS_FIELDS.has(name) ? form.address[name as keyof SignupForm["address"]] : (form[name as keyof SignupForm] as string)}
      onChange={(e) => set(name, e.target.value)}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="form-grid">
        {field("companyName", "Organization Name", { className: "span-2", autoComplete: "organization" })}
        {field("firstName", "First Name", { autoComplete: "given-name" })}
        {field("lastName", "Last Name", { autoComplete: "family-name" })}
        {field("email", "Email", { type: "email", autoComplete: "email", className: "span-2" })}
        {field("password", "Password", { type: "password", autoComplete: "new-password", hint: "At least 6 characters" })}
        <TextField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={(e) => set("phone", e.target.value)} />
        {field("street", "Street Address", { className: "span-2", autoComplete: "address-line1" })}
        {field("city", "City", { autoComplete: "address-level2" })}
        {field("state", "State", { autoComplete: "address-level1", placeholder: "CA" })}
        {field("zipCode", "ZIP Code", { maxLength: ZIP_MAX, autoComplete: "postal-code", inputMode: "numeric" })}
      </div>
      <Button type="submit" size="lg" busy={busy}>{trial ? "Start 15-Day PRO Trial" : "Create Paid Account"}</Button>
      {trial && <p className="center small muted">No credit card required.</p>}
    </form>
  );
}
