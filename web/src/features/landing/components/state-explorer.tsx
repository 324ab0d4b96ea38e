import { Link } from "react-router";
import { SCOPES, STATE_LAWS, type ComplianceScope } from "../state-laws";

export function ScopeLegend() {
  return (
    <ul className="legend" aria-label="Compliance scope legend">
      {(Object.keys(SCOPES) as ComplianceScope[]).map((key) => (
        <li key={key}>
          <span className="swatch" style={{ background: SCOPES[key].color }} aria-hidden="true" />
          <strong>{SCOPES[key].label}</strong> <span className="muted">{SCOPES[key].blurb}</span>
        </li>
      ))}
    </ul>
  );
}

export function StateExplorer() {
  return (
    <section id="states" className="landing-section">
      <h2 className="section-title">Organics laws by state</h2>
      <p className="section-lead">Twelve states regulate commercial food waste. Pick yours to see what applies and how Flow keeps you compliant.</p>
      <ScopeLegend />
      <div className="state-grid">
        {STATE_LAWS.map((s) => (
          <Link key={s.code} to={`/states/${s.code}`} className="state-card" style={{ borderTopColor: s.color }} data-testid={`state-${s.code}`}>
            <div className="state-card-head">
              <span className="state-code" style={{ background: s.color }}>{s.code}</span>
              <div>
                <h3>{s.name}</h3>
                <span className="muted small">{SCOPES[s.compliance].label}</span>
              </div>
            </div>
            <p className="state-law">{s.law}</p>
            <p className="small">{s.description}</p>
            <dl className="facts">
              <dt>Threshold</dt><dd>{s.threshold}</dd>
              <dt>Diversion target</dt><dd>{s.diversionTarget}</dd>
              <dt>Reporting</dt><dd>{s.reportingRequired}</dd>
              <dt>Effective</dt><dd>{s.effectiveDate}</dd>
            </dl>
          </Link>
        ))}
      </div>
    </section>
  );
}
