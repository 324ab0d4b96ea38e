// A tiny toast bus: any module can raise a message; <Toaster/> shows them.
export interface Toast {
  id: number;
  kind: "success" | "error" | "info";
  message: string;
}

type Listener = (toasts: Toast[]) => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  listeners.forEach((fn) => fn(toasts));
}

export function notify(toast: Omit<Toast, "id">, ttlMs = 4000): void {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id }];
  emit();
  setTimeout(() => dismiss(id), ttlMs);
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(fn: Listener): () => void {
  listeners.add(fn);
  fn(toasts);
  return () => listeners.delete(fn);
}
