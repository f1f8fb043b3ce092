/**
 * The tax inside a price that includes it (docs/product-rules.md §13 "Taxes", decision 045).
 * Pure and exact: integer pesewas, the division done on BigInt, no floating point.
 *
 * A rate is kept in basis points (hundredths of a percent: 1500 = 15 %, 250 = 2.5 %), so staff's
 * two decimals are whole numbers. Every line is charged on the same base, the price net of tax:
 *
 *   net = gross × 10000 / (10000 + Σ rates)        line i = net × rate i / 10000
 *
 * Rounding to the pesewa (the rule written in docs/product-rules.md §13 "Taxes"):
 *   1. the tax as a whole, gross × Σrates / (10000 + Σrates), is rounded to the nearest pesewa,
 *      a half pesewa up;
 *   2. each line first takes its exact share rounded down; the pesewas still missing to reach
 *      the rounded whole go one each to the lines with the largest dropped fraction (a tie to the
 *      line listed first: VAT before the levies);
 *   3. the net is the gross less that tax.
 * So lines + net = gross exactly, and each line is its exact share rounded down or up (never
 * further off): the missing pesewas are never more than the lines with a fraction (proof in
 * decision 045).
 */

/** A named tax and its rate in basis points (1500 = 15 %). */
export interface TaxRate {
  name: string;
  basisPoints: number;
}

export interface TaxLine extends TaxRate {
  /** Pesewas of this tax inside the gross amount. */
  amount: number;
}

export interface TaxBreakdown {
  /** What was charged, tax included (pesewas). */
  gross: number;
  /** The gross less every tax line. */
  net: number;
  /** The sum of the lines. */
  tax: number;
  /** One per rate, in the order staff listed them; none when zero-rated. */
  lines: TaxLine[];
  zeroRated: boolean;
}

/** The largest rate staff may set: 100 %. */
export const MAX_BASIS_POINTS = 10_000;

/**
 * The tax lines inside `gross` (pesewas, tax included) for these rates. Zero-rated (an export):
 * no lines, the net is the gross.
 */
export function taxWithin(gross: number, rates: readonly TaxRate[], options: { zeroRated?: boolean } = {}): TaxBreakdown {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError(`A gross amount is whole pesewas, not ${gross}`);
  for (const rate of rates)
    if (!Number.isInteger(rate.basisPoints) || rate.basisPoints < 0 || rate.basisPoints > MAX_BASIS_POINTS)
      throw new RangeError(`A rate is 0 to ${MAX_BASIS_POINTS} basis points, not ${rate.basisPoints}`);
  if (options.zeroRated) return { gross, net: gross, tax: 0, lines: [], zeroRated: true };

  const sum = BigInt(rates.reduce((total, rate) => total + rate.basisPoints, 0));
  const divisor = 10_000n + sum;
  const g = BigInt(gross);
  // 1. The whole tax, to the nearest pesewa, a half up: floor((2·g·Σ + D) / 2D).
  const tax = (2n * g * sum + divisor) / (2n * divisor);
  // 2. Each line's exact share g·r/D, rounded down, and the fraction dropped (as a remainder of D).
  const shares = rates.map((rate, index) => {
    const exact = g * BigInt(rate.basisPoints);
    return { index, amount: exact / divisor, dropped: exact % divisor };
  });
  let missing = tax - shares.reduce((total, share) => total + share.amount, 0n);
  const byDropped = [...shares].sort((a, b) => (a.dropped === b.dropped ? a.index - b.index : a.dropped > b.dropped ? -1 : 1));
  for (const share of byDropped) {
    if (missing <= 0n) break;
    share.amount += 1n;
    missing -= 1n;
  }
  if (missing !== 0n) throw new Error("Tax lines could not be balanced"); // cannot happen: see the proof in decision 045
  const lines = rates.map((rate, index) => ({ name: rate.name, basisPoints: rate.basisPoints, amount: Number(shares[index]!.amount) }));
  return { gross, net: gross - Number(tax), tax: Number(tax), lines, zeroRated: false };
}

/** "15", "2.5", "0.01": a rate in basis points as staff type it (no trailing zeros). */
export function rateText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const hundredths = basisPoints % 100;
  if (hundredths === 0) return String(whole);
  return `${whole}.${String(hundredths).padStart(2, "0").replace(/0$/, "")}`;
}

/** "VAT 15%", "NHIL 2.5%": a line's name with its rate. */
export function taxLineLabel(rate: TaxRate): string {
  return `${rate.name} ${rateText(rate.basisPoints)}%`;
}

/**
 * "15", "2.5", "0.01", "100" → basis points; null for anything else (more than two decimals, a
 * sign, an exponent, more than 100). Parsed from the digits, never through a float.
 */
export function basisPointsOf(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= MAX_BASIS_POINTS ? basisPoints : null;
}
