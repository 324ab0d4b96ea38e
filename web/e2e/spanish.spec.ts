import type { APIRequestContext, Page } from "@playwright/test";
import { en } from "../src/lib/i18n/en";
import { es } from "../src/lib/i18n/es";
import { expect, test } from "./harness";
import { auth, newTenant, phone, type Tenant } from "./ticket-support";

// Issue 32 point 8: an operator whose language is Spanish signs in with the PIN on a phone, weighs
// a ticket and reads the result without meeting an English word; the choice follows them to a
// device whose browser is English, and the profile switches it back at once.
test.use({ viewport: phone });
test.describe.configure({ mode: "serial" });

type Tree = { [key: string]: string | Tree };
const words = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === "string"
  ? v.replace(/\{\{\w+\}\}/g, " ").match(/[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'-]{2,}/g) ?? [] : words(v)));
const SPANISH = new Set(words(es).map((w) => w.toLowerCase()));
// The English catalogue's words that Spanish does not share ("Error", "PIN", "Total" are both).
const ENGLISH = [...new Set(words(en).map((w) => w.toLowerCase()))].filter((w) => !SPANISH.has(w));

const operator = { first: "Rosa", last: "Peña", pin: "1357" };
let tenant: Tenant;
let email: string;
let dataWords: string[];

test.beforeAll(async ({ request }) => {
  tenant = await newTenant(request, "spanish");
  email = `rosa-${tenant.tag}@example.com`;
  const created = await request.post("/api/users", {
    headers: auth(tenant.adminToken),
    data: { email, password: "Operadora-e2e-1", first_name: operator.first, last_name: operator.last, role: "store_employee", pin: operator.pin },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  // The operator's own choice, saved as they would from their profile.
  const login = await request.post("/api/auth/login", { data: { email, password: "Operadora-e2e-1" } });
  const token = (await login.json()).access_token as string;
  const saved = await request.put("/api/users/preferences", { headers: auth(token), data: { language: "es" } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  expect((await saved.json()).language).toBe("es");
  dataWords = await companyWords(request, tenant.adminToken);
});

/** The company's own names (its lists, location, people): data in its words, not Flow's. The
 * list items' descriptions are the company's too (its managers write and edit them). */
async function companyWords(request: APIRequestContext, token: string): Promise<string[]> {
  const names: string[] = ["Main Kitchen", email, operator.first, operator.last];
  for (const [path, key] of [["waste-types", "waste_types"], ["destination-types", "destination_types"], ["container-types", "container_types"]]) {
    const res = await request.get(`/api/${path}`, { headers: auth(token) });
    expect(res.ok()).toBeTruthy();
    const body = await res.json();
    const items = (Array.isArray(body) ? body : body[key]) as { name: string; description?: string | null }[];
    names.push(...items.map((i) => i.name), ...items.flatMap((i) => (i.description ? [i.description] : [])));
  }
  return names.sort((a, b) => b.length - a.length);
}

/** The English words on screen (visible text, with the company's own names taken out). */
async function englishOn(page: Page, selector = "body"): Promise<string[]> {
  let text = await page.locator(selector).first().evaluate((el) => (el as HTMLElement).innerText);
  for (const name of dataWords) text = text.split(name).join(" ");
  const seen = (text.match(/[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'-]{2,}/g) ?? []).map((w) => w.toLowerCase());
  return [...new Set(seen.filter((w) => ENGLISH.includes(w)))];
}

async function signInWithPin(page: Page, dialogName: string, labels: { email: string; pin: string; submit: string }) {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(labels.email).fill(email);
  await dialog.getByLabel(labels.pin).fill(operator.pin);
  await dialog.getByRole("button", { name: labels.submit }).click();
  await expect(page).toHaveURL(/\/app\/scale$/);
}

test.describe("a phone whose browser reads Spanish", () => {
  test.use({ locale: "es-US" });

  test("the operator signs in with the PIN, creates a ticket and meets no English word", async ({ page, context }) => {
    expect(ENGLISH).toContain("ticket"); // the list is the catalogue's, not empty
    // The landing page's sign-in popup speaks the browser's language (the page around it is marketing).
    await page.goto("/?dialog=login");
    const popup = page.getByRole("dialog", { name: "Bienvenido de nuevo" });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    expect(await englishOn(page, "dialog[open]")).toEqual([]);

    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Inicie sesión en su cuenta" })).toBeVisible();
    await page.getByRole("button", { name: "Inicio de sesión del empleado (PIN de 4 dígitos)" }).click();
    await expect(page.getByRole("dialog", { name: "Inicio de sesión del empleado" })).toBeVisible();
    expect(await englishOn(page, "dialog[open]")).toEqual([]);
    await signInWithPin(page, "Inicio de sesión del empleado", { email: "Correo electrónico", pin: "PIN de 4 dígitos", submit: "Iniciar sesión" });

    await expect(page.getByRole("heading", { name: "Nueva boleta de báscula" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByTestId("month-counter")).toHaveText("0 boletas este mes");
    expect(await englishOn(page)).toEqual([]);

    await page.getByLabel("Peso total (lb)").fill("1250.5");
    await page.getByRole("button", { name: "Confirmar peso" }).click();
    await expect(page.getByRole("button", { name: "✓ Confirmado" })).toBeVisible();
    // Gross − the container's tare = net, before Create Ticket, in es-US numbers (issue 32 point 3).
    const preview = page.getByTestId("net-preview");
    await expect(preview).toHaveText(/^Bruto 1,250\.5 lb − tara \d{1,3}(,\d{3})*\.\d lb = Neto 1,2\d\d\.\d lb$/);
    const previewNet = (await preview.textContent())!.match(/Neto (.*)$/)![1];
    await page.getByRole("button", { name: "Crear boleta" }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Crear boleta" }).click();
    const success = page.getByRole("status").filter({ hasText: /¡Boleta T-\d{8}-\d{4} creada! Peso neto: \d{1,3}(,\d{3})*\.\d lb/ });
    await expect(success).toBeVisible();
    await expect(success).toBeInViewport({ ratio: 1 }); // where the operator's eye is, not above the form
    await expect(success).toContainText(`Peso neto: ${previewNet}`); // the preview said what the server stored
    const number = (await success.textContent())!.match(/T-\d{8}-\d{4}/)![0];
    expect(await englishOn(page)).toEqual([]);

    await page.getByRole("button", { name: "Boletas rápidas" }).click();
    await expect(page.getByRole("button", { name: "Toque aquí para tomar la foto" })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);

    await page.getByRole("navigation", { name: "Menú del empleado" }).getByRole("link", { name: "Mis boletas" }).click();
    await expect(page.getByRole("heading", { name: "Mis boletas" })).toBeVisible();
    await expect(page.getByRole("button", { name: number })).toBeVisible();
    await expect(page.getByRole("cell", { name: "A mano" })).toBeVisible();
    await expect(page.getByRole("cell", { name: /^1,2\d\d\.\d lb$/ })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);
    await page.getByRole("button", { name: number }).click();
    await expect(page.getByRole("dialog", { name: `Boleta ${number}` })).toBeVisible();
    expect(await englishOn(page, "dialog[open]")).toEqual([]);
    await page.getByRole("dialog", { name: `Boleta ${number}` }).getByRole("button", { name: "Cerrar" }).first().click();

    // The lists the operator reads: products, containers and destinations, units and prices in es-US.
    const menu = page.getByRole("navigation", { name: "Menú del empleado" });
    for (const [link, heading] of [["Productos", "Productos"], ["Contenedores", "Contenedores"], ["Destinos", "Destinos"]]) {
      await menu.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByTestId("list-row").first()).toBeVisible();
      if (heading === "Contenedores") await expect(page.getByText(/^\d[\d,]*(\.\d+)? gal · tara \d[\d,]*(\.\d+)? lb$/).first()).toBeVisible();
      expect(await englishOn(page), heading).toEqual([]);
    }

    // Without a connection the indicator says so in Spanish, and a ticket waits on the phone.
    await page.getByRole("navigation", { name: "Menú del empleado" }).getByRole("link", { name: "Pesaje" }).click();
    await context.setOffline(true);
    await expect(page.getByTestId("offline-indicator")).toContainText("Modo sin conexión");
    // A compact chip, out of the form's way (it covered 15 % of the phone's screen as a box).
    const chip = (await page.getByTestId("offline-indicator").boundingBox())!;
    expect(chip.height).toBeLessThanOrEqual(44);
    expect((chip.width * chip.height) / (phone.width * phone.height)).toBeLessThan(0.03);
    await page.getByLabel("Peso total (lb)").fill("40");
    await page.getByRole("button", { name: "Crear boleta" }).click();
    await expect(page.getByText(/Sin conexión: la boleta quedó guardada/)).toBeVisible();
    await expect(page.getByTestId("offline-indicator")).toContainText("1 boleta guardada en este dispositivo");
    expect(await englishOn(page)).toEqual([]);
    await context.setOffline(false);
    await expect(page.getByTestId("offline-indicator")).toHaveCount(0, { timeout: 30_000 }); // sent on reconnecting
  });
});

test.describe("a phone whose browser reads English", () => {
  test.use({ locale: "en-US" });

  test("the operator's Spanish follows them after sign-in, and the profile switches it back at once", async ({ page, request }) => {
    await page.goto("/login?dialog=pin");
    await signInWithPin(page, "Employee Sign In", { email: "Email", pin: "4-digit PIN", submit: "Sign In" });
    await expect(page.getByRole("button", { name: "Crear boleta" })).toBeVisible();
    expect(await englishOn(page)).toEqual([]);

    await page.getByRole("button", { name: /Su perfil/ }).click();
    const profile = page.getByRole("dialog", { name: "Su perfil" });
    await expect(profile.getByLabel("Idioma")).toHaveValue("es");
    await profile.getByLabel("Idioma").selectOption("en");
    await expect(page.getByRole("dialog", { name: "Your profile" }).getByText("Language saved")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Ticket" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Create Ticket" })).toBeVisible();

    const login = await request.post("/api/auth/login", { data: { email, password: "Operadora-e2e-1" } });
    const prefs = await request.get("/api/users/preferences", { headers: auth((await login.json()).access_token) });
    expect((await prefs.json()).language).toBe("en");
  });
});
