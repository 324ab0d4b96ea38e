import type { ListItem } from "../types";

/** Move one item from one position to another and renumber everything from 1. */
export function moveItem(items: ListItem[], from: number, to: number): ListItem[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next.map((item, index) => ({ ...item, sort_order: index + 1 }));
}

/** The reorder call's body: every item with its 1-based position. */
export function reorderPayload(items: ListItem[]): { items: { id: string; sort_order: number }[] } {
  return { items: items.map((item, index) => ({ id: item.id, sort_order: index + 1 })) };
}
