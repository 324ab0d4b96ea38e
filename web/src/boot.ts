// The session call of an /app/ page, sent as soon as the HTML names this script (app.html, written
// by vite.config.ts), while the entry, most of the JavaScript, is still downloading: on a slow
// phone that is a second earlier than the entry could send it. lib/session.tsx reads the answer.
// No imports, so it stays a chunk of its own of a few hundred bytes.
declare global {
  interface Window {
    __flowSession?: { token: string; response: Promise<Response> };
  }
}

try {
  const token = localStorage.getItem("token"); // lib/auth-token.ts's key
  if (token) {
    const base = (import.meta.env.VITE_API_BASE_URL ?? "").replace(/\/$/, ""); // as config/env.ts
    const response = fetch(`${base}/api/auth/me`, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });
    response.catch(() => undefined); // read (and reported) by the session query
    window.__flowSession = { token, response };
  }
} catch {
  // No storage (a private window): the entry asks as it did before.
}

export {};
