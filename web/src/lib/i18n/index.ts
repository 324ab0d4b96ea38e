// The scale screens' language (issue 32 point 8). One i18next instance, initialised on import with
// both catalogues (they are small, so no loading step and no flash of English). Before sign-in the
// browser's language decides; after it, the user's preference (`language` in
// PUT /api/users/preferences). Numbers and dates follow through lib/format.ts: Spanish is written
// as es-US (1,234.5 lb, $1,234.50, 28/11/2026), the way Spanish speakers in the US read numbers and
// as their scales and receipts print them; Spain's 1.234,5 would misread a scale's decimal point.
import i18n from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { setDisplayLocale } from "@/lib/format";
import { en } from "./en";
import { es } from "./es";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => value === "en" || value === "es";

/** The locale numbers and dates are written in for a language (undefined: the browser's). */
export const localeOf = (language: Language): string | undefined => (language === "es" ? "es-US" : undefined);

/** The browser's first language when it is one Flow speaks, else English. */
export function browserLanguage(): Language {
  const tags = typeof navigator === "undefined" ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of tags) {
    const base = (tag ?? "").toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

/** The signed-in user's chosen language, else the browser's. */
export function languageOf(user: { preferences?: Record<string, unknown> | null } | null | undefined): Language {
  const chosen = user?.preferences?.language;
  return isLanguage(chosen) ? chosen : browserLanguage();
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: browserLanguage(),
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
  returnNull: false,
});
applyLocale(i18n.language as Language);

function applyLocale(language: Language) {
  setDisplayLocale(localeOf(language));
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** Switches every mounted screen to a language at once. */
export function setLanguage(language: Language): void {
  applyLocale(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : "en");

/** A message outside React (a status built in a handler, a server message mapped to words). */
export const t = i18n.t.bind(i18n);

export { i18n, useTranslation };

// Server messages the scale screens show, in the server's words (api/tickets/rules.py and
// references.py, api/auth/service.py), to their keys; any other message is shown as it came.
const SERVER_MESSAGES: Record<string, string> = {
  "Network error. Please check your connection.": "errors.network",
  "Please provide a valid weight": "errors.validWeight",
  "Weight cannot exceed 200,000 lbs": "errors.weightLimit",
  "Tare weight cannot exceed gross weight": "errors.tareOverGross",
  "Ticket time cannot be in the future": "errors.futureTime",
  "You can only create tickets for your assigned location": "errors.assignedLocation",
  "Tare weight is required for a Custom Container": "errors.customTare",
  "Type 2 truck scale tickets are not enabled. Please contact your administrator.": "errors.truckScaleOff",
  "License plate and driver name are required for Type 2 tickets": "errors.truckScaleFields",
  "Disposal partner not found": "errors.partnerMissing",
  "store_id: location not found": "errors.locationMissing",
};
const PIN_LOCKED = /^Too many incorrect PIN attempts\. PIN sign-in from this device is locked for (\d+) minutes/;

/** A server's message in the user's language when it is one the scale screens know. */
export function serverMessage(message: string): string {
  const key = SERVER_MESSAGES[message.trim()];
  if (key) return t(key);
  const locked = PIN_LOCKED.exec(message);
  if (locked) return t("pin.locked", { minutes: Number(locked[1]) });
  return message;
}
