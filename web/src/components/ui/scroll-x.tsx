import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A wide table's own sideways scroll (the page never scrolls sideways). While its content is wider
 * than the box, the box is a named region in the Tab order, so a keyboard can scroll it with the
 * arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable); when everything fits it is neither.
 */
export function ScrollX({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={`table-scroll${className ? ` ${className}` : ""}`}
      {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label } : {})}
    >
      {children}
    </div>
  );
}
