import { Link } from "react-router";
import { contacts } from "@/config/env";
import { dialogHref } from "@/lib/dialog-links";

export function LandingFooter() {
  return (
    <footer className="landing-footer">
      <div className="footer-grid">
        <div>
          <div className="landing-brand"><span className="brand-mark" aria-hidden="true" /> Flow</div>
          <p className="muted small">Food-waste tracking, diversion and organics-law compliance for every facility.</p>
        </div>
        <div>
          <h4>Product</h4>
          <a href="/#features">Features</a>
          <a href="/#pricing">Pricing</a>
          <a href="/#states">State laws</a>
        </div>
        <div>
          <h4>Account</h4>
          <Link to={dialogHref("login")}>Sign In</Link>
          <Link to={dialogHref("signup", { account: "trial" })}>Start Free Trial</Link>
          <Link to="/login">Employee sign-in</Link>
        </div>
        {(contacts.salesEmail || contacts.supportEmail) && (
          <div>
            <h4>Contact</h4>
            {contacts.salesEmail && <a href={`mailto:${contacts.salesEmail}`}>Sales: {contacts.salesEmail}</a>}
            {contacts.supportEmail && <a href={`mailto:${contacts.supportEmail}`}>Support: {contacts.supportEmail}</a>}
          </div>
        )}
      </div>
      <p className="small muted copyright">© {new Date().getFullYear()} Flow. All rights reserved.</p>
    </footer>
  );
}
