// Organics-law facts per state for the landing page's state explorer (spec 1 section 2).
// The laws' facts are the dbt seed dbt/seeds/state_organics_laws.csv (one row per law and
// threshold step, with sources), which the product's State laws report reads; this page shows the
// same twelve states, and each threshold it states is the seed's step in force
// (tests/api/compliance/test_state_laws_seed.py keeps them equal). Where a fact was not confirmed
// we show NOT_SPECIFIED instead of inventing one. Each record names its source.

export const NOT_SPECIFIED = "Not specified";

export type ComplianceScope = "comprehensive" | "commercial" | "threshold" | "limited";

export interface StateLaw {
  code: string;
  name: string;
  law: string;
  description: string;
  threshold: string;
  diversionTarget: string;
  reportingRequired: string;
  effectiveDate: string;
  compliance: ComplianceScope;
  color: string;
  source: string;
}

export const SCOPES: Record<ComplianceScope, { label: string; color: string; blurb: string }> = {
  comprehensive: { label: "Comprehensive", color: "#15803d", blurb: "Statewide organics mandate reaching all or nearly all generators" },
  commercial: { label: "Commercial", color: "#2563eb", blurb: "Requirements aimed at large commercial generators" },
  threshold: { label: "Threshold-based", color: "#b45309", blurb: "Applies above a waste-volume threshold, usually near a facility" },
  limited: { label: "Limited", color: "#6b7280", blurb: "No statewide commercial mandate; voluntary or local programs" },
};

const scope = (compliance: ComplianceScope) => ({ compliance, color: SCOPES[compliance].color });

export const STATE_LAWS: StateLaw[] = [
  {
    code: "CA", name: "California", law: "SB 1383 (Short-Lived Climate Pollutants) and AB 1826",
    description: "Organic waste disposal 75% below the 2014 level by 2025 statewide, and 20% of disposed edible food recovered for people. Businesses must subscribe to organics collection; large food generators must donate edible food.",
    threshold: "2+ cubic yards of solid waste per week (AB 1826); SB 1383 reaches all businesses",
    diversionTarget: "75% organics disposal reduction vs 2014 (statewide, by 2025)",
    reportingRequired: "Yes: edible food generators keep records for the jurisdiction; jurisdictions file CalRecycle's annual EAR",
    effectiveDate: "January 1, 2022", ...scope("comprehensive"),
    source: "CalRecycle, SB 1383 regulations (14 CCR 18991.4, 18994.2)",
  },
  {
    code: "CT", name: "Connecticut", law: "Commercial Organics Recycling Law (CGS 22a-226e)",
    description: "Large commercial food-waste generators near a permitted organics facility must separate food scraps for recycling.",
    threshold: "26+ tons per year (near a facility)", diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "2014, threshold lowered over time", ...scope("commercial"),
    source: "State threshold (historically 104 t/yr, lowered over time)",
  },
  {
    code: "MA", name: "Massachusetts", law: "Commercial Food Material Disposal Ban (310 CMR 19.017)",
    description: "Businesses and institutions over the threshold may not send commercial food material to disposal.",
    threshold: "0.5+ ton per week (1 ton per week before November 2022)", diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "October 2014; 0.5 ton from November 1, 2022", ...scope("commercial"),
    source: "MassDEP waste disposal bans",
  },
  {
    code: "RI", name: "Rhode Island", law: "Food Waste Ban (R.I. Gen. Laws 23-18.9-17)",
    description: "Large food-waste generators within reach of an organics facility must divert food waste from landfill.",
    threshold: "52+ tons per year (near a facility)", diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "January 1, 2016", ...scope("threshold"),
    source: "State threshold",
  },
  {
    code: "VT", name: "Vermont", law: "Universal Recycling Law (Act 148)",
    description: "Food scraps were banned from landfill in steps and the ban now applies to everyone, households included.",
    threshold: "All generators since July 1, 2020 (stepped down from 104 t/yr in 2014)", diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "July 1, 2020 (all generators)", ...scope("comprehensive"),
    source: "Vermont ANR, Act 148 phase-in (104, 52, 26, 18 t/yr, then everyone)",
  },
  {
    code: "NY", name: "New York", law: "Food Donation and Food Scraps Recycling Law",
    description: "Designated large generators must donate excess edible food and send food scraps to an organics recycler when one is nearby.",
    threshold: "2 tons per week (annual average, within 25 miles of an organics recycler)", diversionTarget: NOT_SPECIFIED,
    reportingRequired: "Yes: annual report by designated food scraps generators", effectiveDate: "January 1, 2022", ...scope("commercial"),
    source: "NYSDEC Food Donation and Food Scraps Recycling program",
  },
  {
    code: "MD", name: "Maryland", law: "HB 264 (2021) Organics Diversion",
    description: "Large food residuals generators near an organics recycling facility must separate food residuals for diversion.",
    threshold: "2 tons per week (2023); 1 ton per week from 2024", diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "January 1, 2023", ...scope("threshold"),
    source: "Maryland HB 264 (2021)",
  },
  {
    code: "WA", name: "Washington", law: "HB 1799 (2022) Organics Management Law",
    description: "Businesses generating organic material above the law's thresholds must arrange organics collection; statewide goals cut landfilled organics.",
    threshold: "8 cubic yards per week (2024), 4 (2025), 96 gallons per week from 2026, in areas Ecology designates",
    diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "January 1, 2024 (phased)", ...scope("commercial"),
    source: "RCW 70A.205.545; WA Ecology, as reported by Waste Advantage (2025 and 2026 steps not checked against the statute text)",
  },
  {
    code: "NJ", name: "New Jersey", law: "Food Waste Recycling Law (P.L. 2020, c. 24)",
    description: "Large food-waste generators within reach of an authorized recycling facility must source-separate and recycle food waste.",
    threshold: "52+ tons per year (near a facility)", diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "October 2021", ...scope("threshold"),
    source: "State threshold; NJDEP food waste recycling rules",
  },
  {
    code: "NH", name: "New Hampshire", law: "Solid waste management policy (RSA 149-M)",
    description: "State policy favours diverting food waste from disposal; no generator threshold has been confirmed for this page.",
    threshold: NOT_SPECIFIED, diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: NOT_SPECIFIED, ...scope("threshold"),
    source: "Threshold not verified: shown as not specified",
  },
  {
    code: "OR", name: "Oregon", law: "Regional business food waste requirement (Portland Metro)",
    description: "Food businesses in the Portland region must separate food scraps for collection, phased in by business size.",
    threshold: NOT_SPECIFIED, diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: "Phased in from 2022 (Portland Metro)", ...scope("threshold"),
    source: "Metro business food waste requirement; statewide threshold not verified",
  },
  {
    code: "IL", name: "Illinois", law: "No statewide commercial organics mandate",
    description: "Food-waste diversion is encouraged through state and local programs rather than a statewide generator mandate.",
    threshold: NOT_SPECIFIED, diversionTarget: NOT_SPECIFIED,
    reportingRequired: NOT_SPECIFIED, effectiveDate: NOT_SPECIFIED, ...scope("limited"),
    source: "Not verified for a statewide requirement: shown as not specified",
  },
];

export function stateLaw(code: string | undefined): StateLaw | undefined {
  return STATE_LAWS.find((s) => s.code === code?.toUpperCase());
}
