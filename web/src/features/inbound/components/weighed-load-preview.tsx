import { Alert } from "@/components/ui/alert";
import { type InboundPreviewRequest, useInboundPricePreview } from "../api/inbound";
import { differenceNote } from "../lib/wizard";

const lbs = (n: number) => `${n.toLocaleString(undefined, { maximumFractionDigits: 1 })} lbs`;
const usd = (n: number) => n.toLocaleString(undefined, { style: "currency", currency: "USD" });

/** Before Complete: the load as it will be billed. The scale's net weight is billed and stocked;
 * the lines share it by their typed quantities, so a difference is shown here, not found later. */
export function WeighedLoadPreview({ body }: { body: InboundPreviewRequest | null }) {
  const preview = useInboundPricePreview(body);
  if (!body) return null;
  if (preview.isError) return <Alert kind="warning">Price preview unavailable: {(preview.error as Error).message}</Alert>;
  const p = preview.data;
  if (!p) return <p className="muted" role="status">Calculating the price...</p>;
  const note = differenceNote(p.net_weight, p.declared_lbs);
  return (
    <section className="weighed-preview" aria-label="Billed as weighed">
      <p><strong>Net weight: {lbs(p.net_weight)}</strong> ({lbs(p.gross_weight)} − {lbs(p.tare_weight)})</p>
      {note && <Alert kind="warning">{note}</Alert>}
      <div className="data-table"><table>
        <caption className="sr-only">Lines as billed</caption>
        <thead><tr><th scope="col">Product</th><th scope="col">Typed</th><th scope="col">Billed</th><th scope="col">Amount</th></tr></thead>
        <tbody>
          {p.line_items.map((li, i) => (
            <tr key={i}>
              <td>{li.waste_type}</td>
              <td>{li.declared_quantity.toLocaleString()} {li.declared_unit}</td>
              <td>{lbs(li.quantity_lbs)}</td>
              <td>{usd(li.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot><tr><th scope="row" colSpan={2}>Total</th><td>{lbs(p.net_weight)}</td><td><strong>{usd(p.total_amount)}</strong></td></tr></tfoot>
      </table></div>
    </section>
  );
}
