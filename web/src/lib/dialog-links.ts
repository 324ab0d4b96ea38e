// Public dialogs (sign in, sign up, reset, PIN) open from the URL so any page can link to them.
export type PublicDialog = "login" | "signup" | "reset" | "username" | "pin";

export function dialogHref(dialog: PublicDialog, extra: Record<string, string> = {}, path = ""): string {
  const params = new URLSearchParams({ dialog, ...extra });
  return `${path}?${params.toString()}`;
}
