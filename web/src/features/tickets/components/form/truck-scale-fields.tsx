import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { useTranslation } from "@/lib/i18n";
import { lookupLicensePlate, usePartnerSearch, useRecentPartners, type Partner } from "../../api/outbound-partners";
import { PLATE_MESSAGES, plateNotFoundMessage, type PlateScanOutcome } from "@/components/plate-camera/plate-scan";
import { LazyPlateCameraModal } from "@/components/plate-camera/lazy-plate-camera-modal";

export type VehicleFields = {
  license_plate: string; make: string; model: string; year: string; color: string;
  driver_name: string; driver_phone: string; notes: string;
};

export const emptyVehicle = (): VehicleFields => ({
  license_plate: "", make: "", model: "", year: "", color: "", driver_name: "", driver_phone: "", notes: "",
});

export type PartnerRef = { id: string; name: string } | null;

type Props = {
  vehicle: VehicleFields;
  onVehicle: (v: VehicleFields) => void;
  partner: PartnerRef;
  onPartner: (p: PartnerRef) => void;
  errors?: Partial<Record<"license_plate" | "driver_name" | "partner", string>>;
  withNotes?: boolean;
};

/** Type 2 (truck scale): vehicle, plate auto-fill and the disposal partner search (spec 2 s2.2). */
export function TruckScaleFields({ vehicle, onVehicle, partner, onPartner, errors = {}, withNotes }: Props) {
  const { t } = useTranslation();
  const [lookupMsg, setLookupMsg] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const plateId = useId();
  const scanId = useId();
  // The look-up answers after an await: fill into the form as it is then, not as it was.
  const latest = useRef(vehicle);
  latest.current = vehicle;
  const [looking, setLooking] = useState(false);
  const [search, setSearch] = useState("");
  const recent = useRecentPartners(true);
  const found = usePartnerSearch(search);
  const set = (patch: Partial<VehicleFields>) => onVehicle({ ...vehicle, ...patch });
  const choose = (p: Partner) => { onPartner({ id: p.id, name: p.customer_name }); setSearch(""); };

  const autoFill = async (plate = vehicle.license_plate) => {
    setLooking(true);
    setLookupMsg(null);
    try {
      const r = await lookupLicensePlate(plate);
      if (!r.found || !r.vehicle) {
        setLookupMsg(plateNotFoundMessage(plate));
        return;
      }
      const v = r.vehicle;
      onVehicle({ ...latest.current, make: v.make ?? "", model: v.model ?? "", year: v.year ? String(v.year) : "", color: v.color ?? "" });
      const owner = r.disposal_partner ?? r.customer;
      if (owner) onPartner({ id: owner.id, name: owner.customer_name });
      setLookupMsg(owner ? t("truck.foundOwner", { owner: owner.customer_name }) : t("truck.found"));
    } catch {
      setLookupMsg(PLATE_MESSAGES.lookupFailed);
    } finally {
      setLooking(false);
    }
  };

  const focusPlate = () => window.setTimeout(() => document.getElementById(plateId)?.focus(), 0);
  const closeScanner = () => {
    setScanning(false);
    window.setTimeout(() => document.getElementById(scanId)?.focus(), 0);
  };
  const scanned = (outcome: PlateScanOutcome) => {
    setScanning(false);
    focusPlate();
    if (outcome.kind === "none") return setLookupMsg(outcome.message);
    const filled = { ...vehicle, license_plate: outcome.plate };
    latest.current = filled;
    onVehicle(filled);
    if (outcome.kind === "verify") return setLookupMsg(outcome.message);
    void autoFill(outcome.plate);
  };

  return (
    <fieldset className="stack">
      <legend>{t("truck.legend")}</legend>
      <TextField id={plateId} label={t("truck.plate")} required value={vehicle.license_plate} error={errors.license_plate}
        onChange={(e) => set({ license_plate: e.target.value.toUpperCase() })} autoCapitalize="characters" />
      <div className="plate-actions">
        <Button id={scanId} variant="secondary" size="lg" onClick={() => setScanning(true)}>
          {t("truck.scan")}
        </Button>
        <Button variant="secondary" size="lg" disabled={!vehicle.license_plate.trim()} busy={looking} onClick={() => void autoFill()}>
          {t("truck.autoFill")}
        </Button>
      </div>
      <LazyPlateCameraModal open={scanning} onClose={closeScanner} onOutcome={scanned} />
      {lookupMsg && <p className="muted" role="status">{lookupMsg}</p>}
      <div className="form-grid">
        <TextField label={t("truck.make")} value={vehicle.make} onChange={(e) => set({ make: e.target.value })} />
        <TextField label={t("truck.model")} value={vehicle.model} onChange={(e) => set({ model: e.target.value })} />
        <TextField label={t("truck.year")} type="number" inputMode="numeric" value={vehicle.year} onChange={(e) => set({ year: e.target.value })} />
        <TextField label={t("truck.color")} value={vehicle.color} onChange={(e) => set({ color: e.target.value })} />
        <TextField label={t("truck.driver")} required value={vehicle.driver_name} error={errors.driver_name} onChange={(e) => set({ driver_name: e.target.value })} />
        <TextField label={t("truck.phone")} type="tel" value={vehicle.driver_phone} onChange={(e) => set({ driver_phone: e.target.value })} />
        {withNotes && <TextField className="span-2" label={t("truck.vehicleNotes")} value={vehicle.notes} onChange={(e) => set({ notes: e.target.value })} />}
      </div>
      <div className="stack">
        <strong>{partner ? t("truck.partnerNamed", { name: partner.name }) : t("truck.partner")}</strong>
        {partner && <Button variant="link" onClick={() => onPartner(null)}>{t("truck.change")}</Button>}
        {!partner && (
          <>
            <TextField label={t("truck.search")} placeholder={t("truck.searchHint")} value={search}
              error={errors.partner} onChange={(e) => setSearch(e.target.value)} />
            {search.trim().length > 2 && (
              <ul className="stack" aria-label={t("truck.results")}>
                {(found.data ?? []).map((p) => (
                  <li key={p.id}><Button variant="secondary" className="btn-block" onClick={() => choose(p)}>{p.customer_name}</Button></li>
                ))}
                {found.data && found.data.length === 0 && <li className="muted">{t("truck.noPartners")}</li>}
              </ul>
            )}
            {(recent.data ?? []).length > 0 && (
              <div className="row" aria-label={t("truck.recent")}>
                <span className="muted">{t("truck.quick")}</span>
                {(recent.data ?? []).slice(0, 4).map((p) => (
                  <Button key={p.id} variant="secondary" size="sm" onClick={() => choose(p)}>{p.customer_name}</Button>
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </fieldset>
  );
}

export function vehiclePayload(v: VehicleFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) if (val.trim()) out[k] = k === "year" ? Number(val) : val.trim();
  return out;
}
