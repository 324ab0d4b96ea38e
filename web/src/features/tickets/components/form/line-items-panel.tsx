import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/i18n";
import type { LineItem } from "../../lib/draft-store";
import type { ListItem } from "@/lib/api/get-active-list-items";

export const newLineItem = (wasteType = ""): LineItem => ({ id: crypto.randomUUID(), waste_type: wasteType, quantity: "", unit: "lbs", notes: "" });

type Props = {
  items: LineItem[];
  onChange: (items: LineItem[]) => void;
  wasteTypes: ListItem[];
  enabled: boolean;
  forced: boolean;
  onToggle: (on: boolean) => void;
};

/** Multi-product line items: on by default, forced on for type 2; the last one cannot be removed. */
export function LineItemsPanel({ items, onChange, wasteTypes, enabled, forced, onToggle }: Props) {
  const { t } = useTranslation();
  const update = (id: string, patch: Partial<LineItem>) => onChange(items.map((i) => (i.id === id ? { ...i, ...patch } : i)));
  return (
    <fieldset className="stack">
      <legend>{t("products.legend")}</legend>
      <label className="check">
        <input type="checkbox" checked={enabled || forced} disabled={forced} onChange={(e) => onToggle(e.target.checked)} />
        <span>{forced ? t("products.forced") : t("products.multi")}</span>
      </label>
      {(enabled || forced) && (
        <>
          {items.map((item, index) => (
            <div className="line-item" key={item.id} aria-label={t("products.product", { n: index + 1 })}>
              <div className="field">
                <label htmlFor={`li-wt-${item.id}`}>{t("products.wasteType")}</label>
                <select id={`li-wt-${item.id}`} value={item.waste_type} onChange={(e) => update(item.id, { waste_type: e.target.value })}>
                  <option value="">{t("products.select")}</option>
                  {wasteTypes.map((w) => <option key={w.id} value={w.name}>{w.name}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`li-q-${item.id}`}>{t("products.quantity")}</label>
                <input id={`li-q-${item.id}`} type="number" inputMode="decimal" step="0.1" min="0" value={item.quantity}
                  onChange={(e) => update(item.id, { quantity: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`li-u-${item.id}`}>{t("products.unit")}</label>
                <select id={`li-u-${item.id}`} value={item.unit} onChange={(e) => update(item.id, { unit: e.target.value as LineItem["unit"] })}>
                  <option value="lbs">{t("products.units.lbs")}</option>
                  <option value="tons">{t("products.units.tons")}</option>
                  <option value="cubic_yards">{t("products.units.cubic_yards")}</option>
                </select>
              </div>
              <Button variant="ghost" aria-label={t("products.removeProduct", { n: index + 1 })} disabled={items.length <= 1}
                onClick={() => onChange(items.filter((i) => i.id !== item.id))}>
                {t("products.remove")}
              </Button>
              <div className="field span-2" style={{ gridColumn: "1 / -1" }}>
                <input aria-label={t("products.productNotes", { n: index + 1 })} placeholder={t("products.notes")} maxLength={500} value={item.notes}
                  onChange={(e) => update(item.id, { notes: e.target.value })} />
              </div>
            </div>
          ))}
          <Button variant="secondary" onClick={() => onChange([...items, newLineItem()])}>{t("products.add")}</Button>
        </>
      )}
    </fieldset>
  );
}

/** Lines with a waste type and a quantity above 0 are sent; empty rows are left out. */
export function lineItemsPayload(items: LineItem[], on: boolean) {
  if (!on) return [];
  return items
    .filter((i) => i.waste_type && Number(i.quantity) > 0)
    .map((i) => ({ waste_type: i.waste_type, quantity: Number(i.quantity), unit: i.unit, notes: i.notes.trim() || null }));
}
