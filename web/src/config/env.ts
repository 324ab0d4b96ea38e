// Checked once at start-up: every VITE_* variable the app reads, with its default.
function read(name: string, fallback: string): string {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  if (value === undefined || value === "") return fallback;
  return value;
}

export const env = {
  /** Base of API calls; '' means same origin (the API serves the built app). */
  apiBaseUrl: read("VITE_API_BASE_URL", "").replace(/\/$/, ""),
  appName: read("VITE_APP_NAME", "Flow"),
} as const;

/** Contact addresses shown on the landing page; set per deployment. None is invented: an unset
 * address ('') is not shown. */
export const contacts = {
  salesEmail: read("VITE_SALES_EMAIL", ""),
  supportEmail: read("VITE_SUPPORT_EMAIL", ""),
} as const;
