import { TAB_TITLES, type TabKey } from "../tab-keys";

// Honest panel for a screen whose feature has not landed yet: no sample figures.
export function NotBuiltPanel({ tab }: { tab: TabKey }) {
  return (
    <section className="not-built" role="status">
      <h2>{TAB_TITLES[tab]}</h2>
      <p>This screen is not built yet.</p>
      <p className="muted">It will appear here as soon as its feature is released; nothing on this page is sample data.</p>
    </section>
  );
}
