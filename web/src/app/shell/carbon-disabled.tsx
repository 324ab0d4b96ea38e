import { Link } from "react-router";
import { tabPath } from "../tab-keys";

export function CarbonDisabledNotice({ settingsTab }: { settingsTab: "admin-settings" | "settings" }) {
  return (
    <section className="not-built" role="status">
      <h2>Carbon Credits Disabled</h2>
      <p>Carbon credit tracking is turned off for this account.</p>
      <Link className="btn btn-primary btn-md" to={tabPath(settingsTab)}>Open Settings</Link>
    </section>
  );
}
