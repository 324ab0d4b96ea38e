import { ApiError } from "./api-client";

/**
 * The server's 422 `errors` (ErrorBody: one {field, message} per invalid field) keyed by the
 * field's last path segment, so a form can put each message under its own input. Any other
 * error (a limit, a conflict, the network) has no field: read `formError` for it.
 */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== "object") return {};
  const list = (err.body as { errors?: unknown }).errors;
  if (!Array.isArray(list)) return {};
  const out: Record<string, string> = {};
  for (const entry of list) {
    if (!entry || typeof entry !== "object") continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") continue;
    const name = field.split(".").pop() ?? field;
    if (!(name in out)) out[name] = message;
  }
  return out;
}

/** The sentence for the form as a whole, or null when every problem sits under a field. */
export function formError(err: unknown, fields: readonly string[], fallback: string): string | null {
  if (!err) return null;
  const named = fieldErrors(err);
  if (Object.keys(named).some((f) => fields.includes(f))) return null;
  if (err instanceof ApiError) return err.status === 0 ? err.message : err.message || fallback;
  return fallback;
}
