import { Link } from "react-router";
import { contacts } from "@/config/env";
import { dialogHref } from "@/lib/dialog-links";
import { formatUsdWhole as usd } from "@/lib/format";
import { usePlans } from "@/lib/api/get-plans";


export function PricingSection() {
  const plans = usePlans();
  return (
    <section id="pricing" className="landing-section">
      <h2 className="section-title">Simple pricing per location</h2>
      <p className="section-lead">Start with a 15-day free trial of PRO. No credit card required.</p>
      {plans.isLoading && <p className="muted center">Loading plans...</p>}
      {plans.isError && <p className="muted center" role="alert">Plans could not be loaded: {plans.error.message}</p>}
      <div className="pricing-grid">
        {plans.data?.plans.map((plan) => (
          <article key={plan.id} className={`price-card ${plan.id === "pro" ? "featured" : ""}`} data-testid={`plan-${plan.id}`}>
            {plan.id === "pro" && <span className="ribbon">Most popular</span>}
            <h3>{plan.name}</h3>
            <p className="price">
              <span className="amount">{usd(plan.price)}</span>
              <span className="per">/month per location</span>
            </p>
            <p className="small" data-testid={`terms-${plan.id}`}>{plan.price_terms}</p>
            <p className="muted">{plan.description}</p>
            <ul className="ticks">
              {plan.features.map((f) => <li key={f}>{f}</li>)}
            </ul>
            {plan.id === "enterprise" && contacts.salesEmail ? (
              <a className="btn btn-secondary btn-md btn-block" href={`mailto:${contacts.salesEmail}?subject=Flow%20Enterprise`}>Contact Sales</a>
            ) : plan.has_trial ? (
              <Link className="btn btn-primary btn-md btn-block" to={dialogHref("signup", { account: "trial" })}>Start 15-Day Free Trial</Link>
            ) : (
              <Link className="btn btn-secondary btn-md btn-block" to={dialogHref("signup", { account: "paid", plan: plan.id })}>Start {plan.name}</Link>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
