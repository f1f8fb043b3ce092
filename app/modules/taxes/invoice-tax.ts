import { taxLineLabel, taxWithin } from "./tax-lines";
import { zeroRatingText, type TaxSnapshot } from "./tax-settings";

/** What an invoice (and, without amounts, a packing slip) prints about tax. */
export interface InvoiceTax {
  /** The shop's TIN when the order was placed. */
  tin: string | null;
  /** "Zero-rated: export", when the destination was zero-rated and the shop charged tax. */
  zeroRated: string | null;
  /** "VAT 15%" and its pesewas inside the total; empty when zero-rated. */
  lines: { label: string; amount: number }[];
  /** The total less the tax lines. */
  net: number;
}

/**
 * The tax inside what an order was charged (decision 045), from the settings it kept: the order's
 * stored total, after any discount and with its delivery (delivery is taxed with the goods). Null
 * when there is nothing to print: an order placed before taxes, or a shop with no taxes and no TIN.
 * A shop without tax lines never shows a zero rating either.
 */
export function invoiceTaxOf(snapshot: TaxSnapshot | null, totalAmount: number): InvoiceTax | null {
  if (!snapshot) return null;
  const taxed = snapshot.lines.length > 0;
  if (!taxed && !snapshot.tin) return null;
  const zeroRated = taxed && snapshot.zeroRated !== null;
  const breakdown = taxWithin(totalAmount, snapshot.lines, { zeroRated });
  return {
    tin: snapshot.tin,
    zeroRated: zeroRated && snapshot.zeroRated ? zeroRatingText(snapshot.zeroRated) : null,
    lines: breakdown.lines.map((line) => ({ label: taxLineLabel(line), amount: line.amount })),
    net: breakdown.net,
  };
}
