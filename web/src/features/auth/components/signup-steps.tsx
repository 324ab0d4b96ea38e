import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { usePlans } from "@/lib/api/get-plans";
import { useDebounced } from "@/lib/use-debounced";
import { usePublicSettings } from "../api/get-public-settings";
import { SEARCH_MIN_CHARS, useSearchOrganizations, type AddressSuggestion } from "../api/search-organizations";
import { filterByOrgType, ORG_TYPES, type OrgType } from "../org-types";
import type { PaidPlan, SignupEvent, SignupState } from "../signup-machine";
import type { SignupForm } from "../validation";

type Dispatch = (e: SignupEvent) => void;

export function AccountTypeStep({ state, dispatch }: { state: SignupState; dispatch: Dispatch }) {
  const plans = usePlans();
  return (
    <div className="stack">
      <button type="button" className="choice-card trial" onClick={() => dispatch({ type: "choose_trial" })}>
        <span className="badge badge-green">Recommended</span>
        <strong className="choice-title">15-Day FREE Trial</strong>
        <span>Every PRO feature for 15 days. No credit card required.</span>
      </button>
      <fieldset className="choice-card paid">
        <legend className="choice-title">Paid Account</legend>
        <div className="plan-radios" role="radiogroup">
          {(plans.data?.plans ?? []).map((p) => (
            <label key={p.id} className={`plan-radio ${state.chosenPlan === p.id ? "checked" : ""}`}>
              <input type="radio" name="plan" value={p.id} checked={state.chosenPlan === p.id} onChange={() => dispatch({ type: "select_plan", plan: p.id as PaidPlan })} />
              <span className="plan-radio-name">{p.name}</span>
              <span className="muted">{p.price_terms}</span>
            </label>
          ))}
          {plans.isLoading && <p className="muted">Loading plans...</p>}
        </div>
        <Button variant="secondary" onClick={() => dispatch({ type: "choose_paid", plan: state.chosenPlan })}>
          Start {state.chosenPlan.toUpperCase()} plan
        </Button>
      </fieldset>
      <div className="compare-box small">
        <div><strong>Free trial</strong><span>PRO features · 15 days · no card</span></div>
        <div><strong>Paid account</strong><span>Your chosen plan · guided setup · billed per location</span></div>
      </div>
    </div>
  );
}

export function OrgTypeStep({ dispatch }: { dispatch: Dispatch }) {
  const [selected, setSelected] = useState<OrgType | null>(null);
  return (
    <div className="stack">
      <p className="muted">What kind of organization are you? It helps us find it.</p>
      <div className="org-grid" role="radiogroup" aria-label="Organization type">
        {ORG_TYPES.map((t) => (
          <button key={t.id} type="button" role="radio" aria-checked={selected?.id === t.id} className={`org-card ${selected?.id === t.id ? "selected" : ""}`} onClick={() => setSelected(t)}>
            <span className="org-icon"><Icon name={t.icon} size={26} /></span>
            <strong>{t.name}</strong>
            <span className="small muted">{t.examples}</span>
          </button>
        ))}
      </div>
      <div className="row between">
        <button type="button" className="btn-link" onClick={() => dispatch({ type: "skip_org_type" })}>Skip - Search all types</button>
        <Button disabled={!selected} onClick={() => selected && dispatch({ type: "choose_org_type", orgType: selected })}>Continue</Button>
      </div>
    </div>
  );
}

/** Fills the manual form from a search result (name, street, city, state, ZIP, phone). */
export function formFromSuggestion(s: AddressSuggestion): Partial<SignupForm> {
  const name = s.name ?? s.display_name.split(",")[0]?.trim() ?? "";
  const street = [s.house_number, s.street].filter(Boolean).join(" ");
  return {
    companyName: name,
    phone: s.phone ?? s.extratags?.phone ?? s.contact?.phone ?? "",
    address: { street, city: s.city ?? "", state: s.state ?? "", zipCode: (s.postcode ?? "").slice(0, 10) },
  };
}

export function BusinessSearchStep({ state, dispatch }: { state: SignupState; dispatch: Dispatch }) {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 300);
  const search = useSearchOrganizations(q);
  const results = filterByOrgType(search.data ?? [], state.orgType).slice(0, 10);
  const active = q.length >= SEARCH_MIN_CHARS;
  // Without an address service every search is empty: say so instead of "No matches found."
  const unconfigured = usePublicSettings().data?.address_search_configured === false;
  return (
    <div className="stack">
      {state.orgType && <p className="muted">Searching {state.orgType.name.toLowerCase()} organizations.</p>}
      <div className="field combo">
        <label htmlFor="org-search">Organization Name or Address</label>
        <input id="org-search" type="search" autoComplete="off" placeholder="Start typing at least 3 characters" value={text} onChange={(e) => setText(e.target.value)}
          role="combobox" aria-expanded={active && results.length > 0} aria-controls="org-results" />
        {active && (
          <ul id="org-results" className="suggestions" role="listbox">
            {search.isFetching && <li className="muted">Searching...</li>}
            {search.isError && <li className="muted">Search is unavailable right now; enter your details manually.</li>}
            {!search.isFetching && !search.isError && results.length === 0 && (
              <li className="muted">{unconfigured ? "Address search is not set up on this Flow server; enter your details manually." : "No matches found."}</li>
            )}
            {results.map((r, i) => (
              <li key={`${r.place_id ?? i}`} role="option" aria-selected={false}>
                <button type="button" onClick={() => dispatch({ type: "pick_business", form: formFromSuggestion(r) })}>
                  <strong>{r.name ?? r.display_name.split(",")[0]}</strong>
                  <span className="small muted">{r.display_name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="btn-link" onClick={() => dispatch({ type: "enter_manually" })}>Can't find it? Enter details manually</button>
    </div>
  );
}
