// How a ticket's status and weighing method are shown wherever a ticket appears.

/** Status colour of spec 3 s2.11: completed green, draft yellow, any other gray. */
export function statusTone(status: string | null | undefined): "green" | "yellow" | "gray" {
  if (status === "completed") return "green";
  if (status === "draft") return "yellow";
  return "gray";
}

/** The status colour as a badge tone (yellow is the amber badge). */
export const statusBadge = (tone: "green" | "yellow" | "gray") => (tone === "yellow" ? "amber" : tone);
