import { useEffect } from "react";
import { Link, Navigate, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { dialogHref } from "@/lib/dialog-links";
import { SCOPES, stateLaw } from "../state-laws";
import { LandingFooter } from "./landing-footer";
import { LandingNav } from "./landing-nav";

const BUSINESS_TYPES = ["Restaurants", "Grocery stores", "Schools", "Hotels"];

export default function StatePage() {
  const { code } = useParams();
  const state = stateLaw(code);
  useEffect(() => {
    if (state) document.title = `${state.name} organics law — Flow`;
  }, [state]);
  // A state page opens at its top, wherever the map was scrolled to when its state was chosen.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [code]);
  if (!state) return <Navigate to="/#states" replace />;
  return (
    <div className="landing">
      <LandingNav />
      <main className="state-page">
        <div className="state-page-actions">
          <Link className="btn btn-secondary btn-md" to="/#states">← Back to Map</Link>
          <Link className="btn btn-primary btn-md" to={dialogHref("signup", { account: "trial" })}>Start Free Trial</Link>
        </div>
        <header className="state-hero" style={{ borderLeftColor: state.color }}>
          <span className="state-code big" style={{ background: state.color }}>{state.code}</span>
          <div>
            <h1>{state.name}</h1>
            <p className="state-law">{state.law}</p>
            <Badge tone={state.compliance === "comprehensive" ? "green" : state.compliance === "commercial" ? "blue" : state.compliance === "threshold" ? "amber" : "gray"}>
              {SCOPES[state.compliance].label} compliance
            </Badge>
          </div>
        </header>
        <p className="lead">{state.description}</p>
        <div className="fact-grid">
          <div className="card"><h3>Threshold</h3><p>{state.threshold}</p></div>
          <div className="card"><h3>Diversion target</h3><p>{state.diversionTarget}</p></div>
          <div className="card"><h3>Reporting requirements</h3><p>{state.reportingRequired}</p></div>
          <div className="card"><h3>Effective date</h3><p>{state.effectiveDate}</p></div>
        </div>
        <section className="card">
          <h2>How Flow keeps you compliant</h2>
          <ul className="ticks">
            <li>Every weighing becomes a ticket with photo, container, destination and net weight.</li>
            <li>Diversion is computed from where the waste actually went: compost, digestion, donation or landfill.</li>
            <li>Location-by-location reports show who is above the threshold and trending the wrong way.</li>
            <li>Records are kept and exportable whenever an inspector or jurisdiction asks.</li>
          </ul>
        </section>
        <section>
          <h2>Businesses that typically fall under the law</h2>
          <div className="chips">{BUSINESS_TYPES.map((b) => <span key={b} className="chip">{b}</span>)}</div>
        </section>
        <p className="small muted">Source: {state.source}. This page summarises the law for planning; confirm details with the state agency.</p>
        <section className="cta-band">
          <h2>Get compliant in {state.name} today</h2>
          <p>Track every pound from the first day of your free trial.</p>
          <Link className="btn btn-lg btn-light" to={dialogHref("signup", { account: "trial" })}>Start Your Free Trial Today</Link>
        </section>
      </main>
      <LandingFooter />
    </div>
  );
}
