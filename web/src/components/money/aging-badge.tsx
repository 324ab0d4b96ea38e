import { Badge } from "@/components/ui/badge";
import { agingTone } from "./format";

export function AgingBadge({ category }: { category: string | null | undefined }) {
  if (!category) return <span className="muted">-</span>;
  const tone = agingTone(category);
  if (tone === "orange") return <span className="badge badge-orange">{category}</span>;
  return <Badge tone={tone}>{category}</Badge>;
}

/** Status: PAID green, others gray (overdue shown red on the management screen). */
export function StatusBadge({ status, strong = false }: { status: string; strong?: boolean }) {
  if (status === "PAID") return <Badge tone="green">PAID</Badge>;
  if (strong && status === "OVERDUE") return <Badge tone="red">OVERDUE</Badge>;
  return <Badge tone="gray">{status}</Badge>;
}
