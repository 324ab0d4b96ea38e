// How a ticket's weight was obtained, for the My Ticket History method column (spec 2 s2.3).
export type TicketMethodSource = {
  ocr_provider?: string | null;
  manual_override?: boolean | null;
};

// The spec names gpt4_vision; our readers report openai, local or auto, so any AI provider counts.
const NOT_AI = new Set(["", "manual", "none", "entry"]);

export function ticketMethodLabel(ticket: TicketMethodSource): "AI Vision" | "Manual" | "Entry" {
  const provider = (ticket.ocr_provider ?? "").trim().toLowerCase();
  if (!NOT_AI.has(provider)) return "AI Vision";
  if (ticket.manual_override) return "Manual";
  return "Entry";
}
