import { formatDateTime, formatLbs, getDisplayLocale, setDisplayTimeZone } from "@/lib/format";
import { en } from "./en";
import { es } from "./es";
import { browserLanguage, currentLanguage, i18n, languageOf, serverMessage, setLanguage, t } from "./index";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

function leaf(tree: Tree, key: string): string | undefined {
  const value = key.split(".").reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);
  return typeof value === "string" ? value : undefined;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();

// Every source file of the web, as text (Vite reads them; tests and generated types left out).
const SOURCES = import.meta.glob(["/src/**/*.{ts,tsx}", "!/src/**/*.test.{ts,tsx}", "!/src/client/**"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;

afterEach(() => setLanguage("en"));

describe("the catalogues", () => {
  it("have every English key in Spanish and every Spanish key in English", () => {
    const english = keys(en);
    const spanish = keys(es);
    expect(english.filter((k) => !spanish.includes(k))).toEqual([]);
    expect(spanish.filter((k) => !english.includes(k))).toEqual([]);
  });

  it("fill the same blanks in both languages and leave none empty", () => {
    for (const key of keys(en)) {
      expect(placeholders(leaf(es, key)!), key).toEqual(placeholders(leaf(en, key)!));
      expect(leaf(es, key)!.trim(), key).not.toBe("");
    }
  });

  it("hold every key the code asks for by its literal name", () => {
    const missing: string[] = [];
    for (const [file, text] of Object.entries(SOURCES)) {
      for (const m of text.matchAll(/\bt\(\s*"([\w.-]+)"/g)) {
        const key = m[1];
        if (!leaf(en, key) && !leaf(en, `${key}_other`)) missing.push(`${file}: ${key}`);
      }
    }
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});

describe("the language", () => {
  it("follows the browser before sign-in: Spanish for any es-* tag, English otherwise", () => {
    const spy = vi.spyOn(navigator, "languages", "get");
    spy.mockReturnValue(["es-MX", "en"]);
    expect(browserLanguage()).toBe("es");
    spy.mockReturnValue(["fr-FR", "es"]);
    expect(browserLanguage()).toBe("es");
    spy.mockReturnValue(["de-DE"]);
    expect(browserLanguage()).toBe(navigator.language.startsWith("es") ? "es" : "en");
    spy.mockRestore();
  });

  it("is the user's preference once signed in, else the browser's", () => {
    expect(languageOf({ preferences: { language: "es" } })).toBe("es");
    expect(languageOf({ preferences: { language: "en" } })).toBe("en");
    expect(languageOf({ preferences: { language: "fr" } })).toBe(browserLanguage());
    expect(languageOf({ preferences: {} })).toBe(browserLanguage());
    expect(languageOf(null)).toBe(browserLanguage());
  });

  it("switches the words, the page's lang and the way numbers and dates are written", () => {
    setDisplayTimeZone("America/Los_Angeles");
    expect(t("scale.create")).toBe("Create Ticket");
    setLanguage("es");
    expect(currentLanguage()).toBe("es");
    expect(i18n.language).toBe("es");
    expect(document.documentElement.lang).toBe("es");
    expect(t("scale.create")).toBe("Crear boleta");
    expect(getDisplayLocale()).toBe("es-US");
    // es-US: a decimal point and comma thousands, as US scales print; pounds as "lb".
    expect(formatLbs(1234.5)).toBe("1,234.5 lb");
    expect(formatDateTime("2026-11-28T21:05:00Z")).toMatch(/^28\/11\/2026, 1:05:00\sp\.\s?m\.$/);
    expect(t("scale.created", { number: "T-1", weight: formatLbs(23.6) })).toBe("¡Boleta T-1 creada! Peso neto: 23.6 lb");
    expect(t("offline.stored", { count: 1 })).toBe("1 boleta guardada en este dispositivo");
    expect(t("offline.stored", { count: 3 })).toBe("3 boletas guardadas en este dispositivo");
    setLanguage("en");
    expect(formatLbs(1234.5)).toBe("1,234.5 lbs");
    expect(t("offline.stored", { count: 1 })).toBe("1 ticket stored on this device");
  });
});

describe("server messages", () => {
  it("are put in the user's words when the scale screens know them", () => {
    setLanguage("es");
    expect(serverMessage("Tare weight cannot exceed gross weight")).toBe("La tara no puede ser mayor que el peso bruto");
    expect(serverMessage("Network error. Please check your connection.")).toBe("Error de red. Revise su conexión.");
    expect(serverMessage("Too many incorrect PIN attempts. PIN sign-in from this device is locked for 15 minutes; sign in with your password to unlock it, or ask your manager to reset your PIN."))
      .toMatch(/^Demasiados intentos de PIN incorrectos\. .* bloqueado por 15 minutos/);
  });

  it("are shown as they came when they are not known", () => {
    setLanguage("es");
    expect(serverMessage("Something new")).toBe("Something new");
    setLanguage("en");
    expect(serverMessage("Tare weight cannot exceed gross weight")).toBe("Tare weight cannot exceed gross weight");
  });
});
