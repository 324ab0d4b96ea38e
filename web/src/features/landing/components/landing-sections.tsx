import { Link } from "react-router";
import { Icon, type IconName } from "@/components/ui/icon";
import { dialogHref } from "@/lib/dialog-links";

export function Hero() {
  return (
    <section className="hero">
      <div className="hero-copy">
        <span className="eyebrow">SB 1383 ready · AI scale reading · Works offline</span>
        <h1>Weigh it, snap it, prove it.</h1>
        <p className="lead">
          Flow turns every bin of food waste into a ticket with a photo and a verified weight, then shows
          your diversion rate, ESG impact and state compliance for every location.
        </p>
        <div className="row">
          <Link className="btn btn-lg btn-light" to={dialogHref("signup", { account: "trial" })}>Start 15-Day Free Trial</Link>
          <Link className="btn btn-lg btn-outline-light" to={dialogHref("login")}>Sign In</Link>
        </div>
        <p className="small hero-note">PRO trial · no credit card required</p>
      </div>
      <div className="hero-visual" aria-hidden="true">
        <div className="phone">
          <div className="phone-bar">Scale Entry</div>
          <div className="phone-photo"><span className="scan-line" /><span className="reading">AI reading the scale…</span></div>
          <div className="phone-row"><span>Container</span><span>Plastic Bucket</span></div>
          <div className="phone-row"><span>Destination</span><span>Compost</span></div>
          <div className="phone-row"><span>Waste type</span><span>Food Scraps</span></div>
          <div className="phone-btn">Confirm Weight</div>
        </div>
      </div>
    </section>
  );
}

const STEPS = [
  { title: "Photograph the scale", text: "Staff snap the scale display on any phone; AI vision reads the weight and shows its confidence." },
  { title: "Confirm the ticket", text: "Container, destination and waste type are pre-filled; tare is subtracted for a true net weight." },
  { title: "Watch diversion live", text: "Dashboards update per location: diverted vs landfilled, trends and costs." },
  { title: "Report with confidence", text: "SB 1383, ESG and carbon reports come from the same tickets, ready for auditors." },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className="landing-section">
      <h2 className="section-title">How it works</h2>
      <ol className="steps">
        {STEPS.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step-num">{i + 1}</span>
            <h3>{s.title}</h3>
            <p className="muted">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

const PAINS = [
  { title: "Clipboards and guesswork", text: "Paper logs get lost, weights are estimated, and nobody trusts the totals." },
  { title: "Compliance deadlines", text: "Organics laws expect records you can produce on request, per location." },
  { title: "Hidden hauling costs", text: "Without weights per destination you cannot see what landfill really costs you." },
];

export function PainPoints() {
  return (
    <section className="landing-section alt">
      <h2 className="section-title">Food-waste tracking shouldn't be this hard</h2>
      <div className="card-grid three">
        {PAINS.map((p) => (
          <article key={p.title} className="card"><h3>{p.title}</h3><p className="muted">{p.text}</p></article>
        ))}
      </div>
    </section>
  );
}

const RESULTS = [
  { title: "Real diversion rates", text: "Diversion computed from measured net weights by destination, not from estimates." },
  { title: "Audit-ready records", text: "Every ticket keeps its photo, time, location and the operator who weighed it." },
  { title: "Lower disposal spend", text: "Cost per destination shows where compost or donation beats landfill." },
];

export function Results() {
  return (
    <section className="landing-section">
      <h2 className="section-title">What you get</h2>
      <div className="card-grid three">
        {RESULTS.map((r) => (
          <article key={r.title} className="result"><span className="result-dot" aria-hidden="true" /><h3>{r.title}</h3><p className="muted">{r.text}</p></article>
        ))}
      </div>
    </section>
  );
}

// An illustrative scenario, labelled as such: we do not print quotes from people who did not say them.
export function Testimonial() {
  return (
    <section className="landing-section">
      <figure className="testimonial">
        <blockquote>
          “At close, the dish lead weighs three buckets, taps Confirm three times and is done. On Monday the
          manager sees last week's diversion for every kitchen without chasing a single spreadsheet.”
        </blockquote>
        <figcaption>A typical week with Flow in a multi-site restaurant group (illustrative)</figcaption>
      </figure>
    </section>
  );
}

const INDUSTRIES: { icon: IconName; name: string }[] = [
  { icon: "utensils", name: "Restaurants & Food Service" },
  { icon: "cart", name: "Grocery & Retail" },
  { icon: "graduation", name: "Schools & Universities" },
  { icon: "hospital", name: "Healthcare" },
  { icon: "landmark", name: "Government" },
  { icon: "hotel", name: "Hotels & Hospitality" },
  { icon: "building", name: "Corporate Campuses" },
  { icon: "warehouse", name: "Warehouses & Manufacturing" },
];

export function Industries() {
  return (
    <section className="landing-section alt">
      <h2 className="section-title">Built for every kitchen and facility</h2>
      <ul className="industry-grid">
        {INDUSTRIES.map((i) => (
          <li key={i.name} className="industry"><span className="industry-icon"><Icon name={i.icon} size={26} /></span>{i.name}</li>
        ))}
      </ul>
    </section>
  );
}

const FEATURES = [
  ["AI scale reading", "Reads weights and licence plates from photos with a confidence score."],
  ["Offline mode", "Tickets are stored on the device without signal and sync when you're back online."],
  ["Multi-product tickets", "Several products on one ticket, up to 10 images each."],
  ["Draft tickets", "Save work in progress and complete it after the second weighing."],
  ["Two outbound ticket types", "Simple bin weighing or truck-scale loads with vehicle and BOL."],
  ["ESG & carbon reporting", "CO₂e avoided, methodologies per EPA factors, carbon credit tracking."],
  ["Invoices & A/R analytics", "Inbound billing, payments and ageing for waste customers."],
  ["Light or dark theme", "Chosen by your administrator for every screen."],
  ["State-law coverage", "California and Vermont comprehensive, plus ten more states' rules."],
];

export function Features() {
  return (
    <section id="features" className="landing-section">
      <h2 className="section-title">Everything you need, nothing you don't</h2>
      <div className="feature-grid">
        {FEATURES.map(([title, text]) => (
          <article key={title} className="feature"><h3>{title}</h3><p className="muted">{text}</p></article>
        ))}
      </div>
    </section>
  );
}

export function CallToAction() {
  return (
    <section className="cta-band">
      <h2>Start Your Free Trial Today</h2>
      <p>15 days of PRO, every feature, no credit card.</p>
      <Link className="btn btn-lg btn-light" to={dialogHref("signup", { account: "trial" })}>Start Free Trial</Link>
    </section>
  );
}
