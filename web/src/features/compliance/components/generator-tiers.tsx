import { ScrollX } from "@/components/ui/scroll-x";
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { Card, Spinner } from "@/components/ui/panel";
import { fieldErrors, formError } from "@/lib/field-errors";
import { notify } from "@/lib/notify";
import { useAnswerGeneratorTier, useGeneratorTiers, type GeneratorAnswers, type GeneratorTier } from "../api/generator-tiers";

const TIER_WORD: Record<string, string> = { tier_1: "Tier 1", tier_2: "Tier 2", none: "Not a generator", unanswered: "Not answered" };
const TIER_TONE: Record<string, BadgeTone> = { tier_1: "red", tier_2: "amber", none: "green", unanswered: "gray" };

type BusinessType = GeneratorAnswers["business_type"];
const BUSINESS_TYPES: { value: BusinessType; label: string }[] = [
  { value: "supermarket", label: "Supermarket" },
  { value: "grocery_store", label: "Grocery store" },
  { value: "food_service_provider", label: "Food service provider" },
  { value: "food_distributor", label: "Food distributor" },
  { value: "wholesale_food_vendor", label: "Wholesale food vendor" },
  { value: "restaurant", label: "Restaurant" },
  { value: "hotel", label: "Hotel" },
  { value: "health_facility", label: "Health facility" },
  { value: "large_venue", label: "Large venue" },
  { value: "large_event", label: "Large event" },
  { value: "state_agency_cafeteria", label: "State agency cafeteria" },
  { value: "local_education_agency", label: "School (local education agency)" },
  { value: "other", label: "None of these" },
];

// The questions each kind of business is asked: the answers the rule reads (the rule itself is the server's).
type Question = "gross_annual_sales_usd" | "facility_square_feet" | "seats" | "rooms" | "beds" | "has_onsite_food_facility" | "average_daily_attendance";
const QUESTIONS: Partial<Record<BusinessType, Question[]>> = {
  supermarket: ["gross_annual_sales_usd"],
  grocery_store: ["facility_square_feet"],
  restaurant: ["seats", "facility_square_feet"],
  state_agency_cafeteria: ["seats", "facility_square_feet"],
  hotel: ["has_onsite_food_facility", "rooms"],
  health_facility: ["has_onsite_food_facility", "beds"],
  local_education_agency: ["has_onsite_food_facility"],
  large_venue: ["average_daily_attendance"],
  large_event: ["average_daily_attendance"],
};
const LABELS: Record<Question, string> = {
  gross_annual_sales_usd: "Gross annual sales (USD)",
  facility_square_feet: "Total facility size (sq ft)",
  seats: "Seats",
  rooms: "Rooms",
  beds: "Beds",
  has_onsite_food_facility: "On-site food facility",
  average_daily_attendance: "People a day of operation (average)",
};

/** Tier 1 / Tier 2 commercial edible food generators (14 CCR 18982): one questionnaire per location. */
export function GeneratorTiers() {
  const { data, isPending, error } = useGeneratorTiers();
  const [editing, setEditing] = useState<GeneratorTier | null>(null);
  return (
    <Card title="Edible Food Generator Tiers">
      <p className="small muted">Tier 1 (from 2022) and Tier 2 (from 2024) commercial edible food generators must arrange to recover their surplus edible food through written agreements and keep records. Answer a few questions per location; the rule that applied is shown with its citation.</p>
      {isPending ? <Spinner /> : error ? <p className="text-red">{error.message}</p> : (
        <>
          {data.warnings.length > 0 && (
            <ul className="compliance-list" aria-label="Tier warnings">
              {data.warnings.map((w) => <li key={w} className="sev-warning">{w}</li>)}
            </ul>
          )}
          <ScrollX label="Generator tiers by location"><table className="compliance-table">
            <thead><tr><th>Location</th><th>Tier</th><th>Why</th><th /></tr></thead>
            <tbody>{data.locations.map((loc) => (
              <tr key={loc.location_id}>
                <td><strong>{loc.location_name}</strong>{!loc.is_active && <div className="small muted">Inactive</div>}</td>
                <td><Badge tone={TIER_TONE[loc.tier] ?? "gray"}>{TIER_WORD[loc.tier] ?? loc.tier}</Badge>{loc.obligated_from && <div className="small muted">since {loc.obligated_from.slice(0, 4)}</div>}</td>
                <td>{loc.explanation ?? <span className="muted">Answer the questionnaire to find the tier.</span>}{loc.citation && <div className="small muted">{loc.citation}</div>}</td>
                <td><Button size="sm" variant="secondary" onClick={() => setEditing(loc)}>{loc.answers ? "Edit answers" : "Answer questions"}</Button></td>
              </tr>
            ))}</tbody>
          </table></ScrollX>
        </>
      )}
      {editing && <Questionnaire location={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function Questionnaire({ location, onClose }: { location: GeneratorTier; onClose: () => void }) {
  const answer = useAnswerGeneratorTier();
  const start = location.answers;
  const [type, setType] = useState<BusinessType | "">(start?.business_type ?? "");
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(
    (Object.keys(LABELS) as Question[]).map((q) => {
      const v = start?.[q];
      return [q, v == null ? "" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v)];
    })));
  const [result, setResult] = useState<GeneratorTier | null>(null);
  const fields = fieldErrors(answer.error);
  const asked = type ? QUESTIONS[type] ?? [] : [];
  const set = (q: Question) => (e: { target: { value: string } }) => { setValues({ ...values, [q]: e.target.value }); setResult(null); };
  const submit = () => {
    if (!type) return;
    const body: Record<string, unknown> = { business_type: type };
    for (const q of asked) {
      const v = values[q].trim();
      if (v === "") continue;
      body[q] = q === "has_onsite_food_facility" ? v === "yes" : q === "gross_annual_sales_usd" ? v : Number(v);
    }
    answer.mutate({ locationId: location.location_id, answers: body as GeneratorAnswers }, {
      onSuccess: (found) => { setResult(found); notify({ kind: "success", message: `${location.location_name}: ${TIER_WORD[found.tier] ?? found.tier}` }); },
    });
  };
  const problem = formError(answer.error, ["business_type", ...asked], "The answers could not be saved");
  return (
    <Modal open title={`Edible food generator tier: ${location.location_name}`} onClose={onClose}
      footer={<><Button variant="secondary" onClick={onClose}>{result ? "Done" : "Cancel"}</Button><Button busy={answer.isPending} busyLabel="Saving..." disabled={!type} onClick={submit}>Save Answers</Button></>}>
      <SelectField label="Business type" value={type} error={fields.business_type} onChange={(e) => { setType(e.target.value as BusinessType); setResult(null); }}>
        <option value="">Choose...</option>
        {BUSINESS_TYPES.map((b) => <option key={b.value} value={b.value}>{b.label}</option>)}
      </SelectField>
      {asked.map((q) => q === "has_onsite_food_facility" ? (
        <SelectField key={q} label={LABELS[q]} value={values[q]} error={fields[q]} onChange={set(q)}>
          <option value="">Choose...</option><option value="yes">Yes</option><option value="no">No</option>
        </SelectField>
      ) : (
        <TextField key={q} label={LABELS[q]} type="number" min={0} step={q === "gross_annual_sales_usd" ? "0.01" : "1"} value={values[q]} error={fields[q]} onChange={set(q)} />
      ))}
      {problem && <p className="text-red" role="alert">{problem}</p>}
      {result && (
        <div role="status" aria-label="Tier outcome">
          <p><Badge tone={TIER_TONE[result.tier] ?? "gray"}>{TIER_WORD[result.tier] ?? result.tier}</Badge> {result.explanation}</p>
          <p className="small muted">Rule: {result.citation}</p>
        </div>
      )}
    </Modal>
  );
}
