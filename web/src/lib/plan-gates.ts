// Plan gates as the web applies them; the API refuses the same (api/subscription/deps.py).

/** The inbound gate (spec 3 s6): enterprise (any case) and the module on. */
export function inboundGate(plan: string | null | undefined, moduleEnabled: boolean | undefined): "ok" | "enterprise" | "disabled" {
  if ((plan ?? "core").toLowerCase() !== "enterprise") return "enterprise";
  return moduleEnabled === true ? "ok" : "disabled";
}
