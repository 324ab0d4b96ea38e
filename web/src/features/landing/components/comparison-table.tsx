import { usePlans, type PlanRead } from "@/lib/api/get-plans";
import { ScrollX } from "@/components/ui/scroll-x";

// Feature comparison of spec 1 section 1 (plan contents); "✓" included, "—" not included.
const ROWS: [string, string, string, string][] = [
  ["Waste tickets with photos", "✓", "✓", "✓"],
  ["Standard reports", "✓", "✓", "✓"],
  ["AI vision scale reading", "—", "✓", "✓"],
  ["ESG reports", "Limited", "Advanced", "Advanced"],
  ["SB 1383 compliance tracking", "—", "✓", "✓"],
  ["Custom waste and destination types", "—", "✓", "✓"],
  ["Employee accounts with PINs", "—", "✓", "✓"],
  ["Email alerts", "—", "✓", "✓"],
  ["Regions, open API, ERP integration", "—", "—", "✓"],
  ["Direct submission to the state recycling agency", "—", "—", "✓"],
  ["Priority support and SLA", "—", "—", "✓"],
];

const limit = (n: number | null | undefined) => (n === null || n === undefined ? "Unlimited" : `Up to ${n}`);

// Prices and limits come from the plan table the API serves, so the page never disagrees with billing.
function limitRows(plans: PlanRead[] | undefined): [string, string, string, string][] {
  const by = (id: string) => plans?.find((p) => p.id === id);
  if (!plans) return [];
  return [
    // The one price list's sentence, as the pricing cards, sign-up, Billing and Plans show it.
    ["Price", by("core")?.price_terms ?? "", by("pro")?.price_terms ?? "", by("enterprise")?.price_terms ?? ""],
    ["Locations", limit(by("core")?.max_facilities), limit(by("pro")?.max_facilities), limit(by("enterprise")?.max_facilities)],
    ["Users", limit(by("core")?.max_users), limit(by("pro")?.max_users), limit(by("enterprise")?.max_users)],
  ];
}

export function ComparisonTable() {
  const plans = usePlans();
  const rows = [...ROWS.slice(0, 2), ...limitRows(plans.data?.plans), ...ROWS.slice(2)];
  return (
    <section className="landing-section" aria-labelledby="compare-title">
      <h2 id="compare-title" className="section-title">Compare plans</h2>
      <ScrollX label="Compare plans" className="compare">
        <table>
          <thead>
            <tr><th scope="col">Feature</th><th scope="col">Core</th><th scope="col">Pro</th><th scope="col">Enterprise</th></tr>
          </thead>
          <tbody>
            {rows.map(([feature, ...cells]) => (
              <tr key={feature}>
                <th scope="row">{feature}</th>
                {cells.map((c, i) => <td key={i} className={c === "✓" ? "yes" : c === "—" ? "no" : undefined}>{c}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  );
}
