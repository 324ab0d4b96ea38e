// Validation rules and messages of spec 1 section 5. Whitespace-only counts as empty.

export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const PASSWORD_MIN = 6;
export const ZIP_MAX = 10;
export const PIN_LENGTH = 4;

export const isBlank = (value: string | null | undefined) => !value || value.trim() === "";

export interface SignupForm {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  address: { street: string; city: string; state: string; zipCode: string };
}

export type SignupField =
  | "companyName" | "firstName" | "lastName" | "email" | "password" | "street" | "city" | "state" | "zipCode";

export type SignupErrors = Partial<Record<SignupField, string>>;

export const EMPTY_SIGNUP_FORM: SignupForm = {
  companyName: "", firstName: "", lastName: "", email: "", password: "", phone: "",
  address: { street: "", city: "", state: "", zipCode: "" },
};

export function validateSignupForm(form: SignupForm): SignupErrors {
  const errors: SignupErrors = {};
  if (isBlank(form.companyName)) errors.companyName = "Organization name is required";
  if (isBlank(form.firstName)) errors.firstName = "First name is required";
  if (isBlank(form.lastName)) errors.lastName = "Last name is required";
  if (isBlank(form.email)) errors.email = "Email is required";
  else if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = "Please enter a valid email address";
  if (!form.password || isBlank(form.password)) errors.password = "Password is required";
  else if (form.password.length < PASSWORD_MIN) errors.password = "Password must be at least 6 characters";
  if (isBlank(form.address.street)) errors.street = "Street address is required";
  if (isBlank(form.address.city)) errors.city = "City is required";
  if (isBlank(form.address.state)) errors.state = "State is required";
  if (isBlank(form.address.zipCode)) errors.zipCode = "ZIP code is required";
  return errors;
}

/** The one-line address the sign-up call carries: "street, city, state zip". */
export function flattenAddress(a: SignupForm["address"]): string {
  return `${a.street.trim()}, ${a.city.trim()}, ${a.state.trim()} ${a.zipCode.trim()}`;
}

/** Reset-password dialog rules (spec 1 section 5). */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return "Passwords do not match";
  if (password.length < PASSWORD_MIN) return "Password must be at least 6 characters long";
  return null;
}

/** PIN input keeps digits only, at most four. */
export function sanitizePin(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, PIN_LENGTH);
}

export const pinComplete = (pin: string) => /^\d{4}$/.test(pin);
