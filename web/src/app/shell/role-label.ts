export function roleLabel(role: string, firstName: string): string {
  if (role === "system_admin") return "System Admin";
  if (role === "store_admin") return `Store Manager (${firstName})`;
  return `Scale Operator (${firstName})`;
}
