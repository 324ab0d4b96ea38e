// How a ticket's weight was obtained, for the My Ticket History method column (spec 2 s2.3).
export type TicketMethodSource = {
  ocr_provider?: string | null;
  manual_override?: boolean | null;
};

// The spec names gpt4_vision; our readers report openai, local or auto, so any AI provider counts.
const NOT_AI = new Set(["", "manual", "none", "entry"]);

/** The method's message key (lib/i18n: method.ai, method.manual, method.entry). */
export function ticketMethodKey(ticket: TicketMethodSource): "ai" | "manual" | "entry" {
  const label = ticketMethodLabel(ticket);
  return label === "AI Vision" ? "ai" : label === "Manual" ? "manual" : "entry";
}

export function ticketMethodLabel(ticket: TicketMethodSource): "AI Vision" | "Manual" | "Entry" {
  const provider = (ticket.ocr_provider ?? "").trim().toLowerCase();
  if (!NOT_AI.has(provider)) return "AI Vision";
  if (ticket.manual_override) return "Manual";
  return "Entry";
}
