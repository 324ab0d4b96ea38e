import { Link } from "react-router";
import { dialogHref } from "@/lib/dialog-links";
import { useSession } from "@/lib/session";

export function LandingNav() {
  const { status } = useSession();
  return (
    <header className="landing-nav">
      <Link to="/" className="landing-brand">
        <span className="brand-mark" aria-hidden="true" /> Flow
      </Link>
      <nav aria-label="Sections" className="landing-links">
        <a href="/#how-it-works">How it works</a>
        <a href="/#pricing">Pricing</a>
        <a href="/#states">State laws</a>
        <a href="/#features">Features</a>
      </nav>
      <div className="landing-actions">
        {status === "authenticated" ? (
          <Link className="btn btn-primary btn-md" to="/app">Open Flow</Link>
        ) : (
          <>
            <Link className="btn btn-ghost btn-md" to={dialogHref("login")}>Sign In</Link>
            <Link className="btn btn-primary btn-md" to={dialogHref("signup")}>Start Free Trial</Link>
          </>
        )}
      </div>
    </header>
  );
}
