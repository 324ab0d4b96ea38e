import { useEffect } from "react";
import { useLocation } from "react-router";
import { ComparisonTable } from "./comparison-table";
import { LandingFooter } from "./landing-footer";
import { LandingNav } from "./landing-nav";
import { CallToAction, Features, Hero, HowItWorks, Industries, PainPoints, Results, Testimonial } from "./landing-sections";
import { PricingSection } from "./pricing-section";
import { StateExplorer } from "./state-explorer";

export default function LandingPage() {
  useEffect(() => {
    document.title = "Flow — Food Waste Tracking & Compliance";
  }, []);
  // "Back to Map" (/#states) and other section links land on their section, not the page's top.
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ block: "start" });
  }, [hash]);
  return (
    <div className="landing">
      <LandingNav />
      <main>
        <Hero />
        <HowItWorks />
        <PricingSection />
        <ComparisonTable />
        <PainPoints />
        <Results />
        <Testimonial />
        <Industries />
        <StateExplorer />
        <Features />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
