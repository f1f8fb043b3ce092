import { describe, expect, it } from "vitest";
import { basisPointsOf, rateText, taxLineLabel, taxWithin, type TaxRate } from "./tax-lines";

/** Ghana from 1 January 2026: VAT and the two levies on the same base, 20 % in all. */
const ghana2026: TaxRate[] = [
  { name: "VAT", basisPoints: 1500 },
  { name: "NHIL", basisPoints: 250 },
  { name: "GETFund levy", basisPoints: 250 },
];
/** Before 2026: the COVID-19 levy too, and VAT on the levies (15 % × 1.06 = 15.9 % of the net). */
const ghanaBefore2026: TaxRate[] = [
  { name: "VAT", basisPoints: 1590 },
  { name: "NHIL", basisPoints: 250 },
  { name: "GETFund levy", basisPoints: 250 },
  { name: "COVID-19 levy", basisPoints: 100 },
];

const amounts = (breakdown: ReturnType<typeof taxWithin>) => breakdown.lines.map((line) => line.amount);

describe("taxWithin: the tax inside a price that includes it", () => {
  it.each([
    // gross, rates, lines, net
    ["1 pesewa", 1, ghana2026, [0, 0, 0], 1],
    ["₵0.99: the whole tax is 16.5 pesewas, a half rounded up", 99, ghana2026, [13, 2, 2], 82],
    ["₵1,249.99: VAT takes the missing pesewa (largest fraction)", 124_999, ghana2026, [15_625, 2_604, 2_604], 104_166],
    [
      "₵100,000.01: NHIL takes it (larger fraction than VAT; NHIL before GETFund on a tie)",
      10_000_001,
      ghana2026,
      [1_250_000, 208_334, 208_333],
      8_333_334,
    ],
    [
      "a rate of 0 among others takes nothing",
      124_999,
      [ghana2026[0]!, { name: "Zero levy", basisPoints: 0 }, ghana2026[1]!],
      [15_957, 0, 2_660],
      106_382,
    ],
    ["one rate, exact", 11_500, [{ name: "VAT", basisPoints: 1500 }], [1_500], 10_000],
    ["no rates: no tax", 124_999, [], [], 124_999],
    ["only a rate of 0", 124_999, [{ name: "VAT", basisPoints: 0 }], [0], 124_999],
    ["a 100 % rate: half the gross, a half pesewa up", 3, [{ name: "Luxury", basisPoints: 10_000 }], [2], 1],
    ["the regime before 2026, four lines", 124_999, ghanaBefore2026, [16_304, 2_564, 2_564, 1_025], 102_542],
  ] as const)("%s", (_, gross, rates, lines, net) => {
    const breakdown = taxWithin(gross, rates);
    expect(amounts(breakdown)).toEqual(lines);
    expect(breakdown.net).toBe(net);
    expect(breakdown.tax).toBe(gross - net);
    expect(breakdown.net + breakdown.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(gross);
    expect(breakdown.lines.map((line) => line.name)).toEqual(rates.map((rate) => rate.name));
  });

  it("rounds a half pesewa of tax up, whichever way the whole pesewas lie (never to even)", () => {
    const vat20 = [{ name: "VAT", basisPoints: 2000 }];
    // 20 % inside: the tax is a sixth of the gross; 3, 9 and 15 pesewas hold 0.5, 1.5 and 2.5.
    expect([3, 9, 15].map((gross) => taxWithin(gross, vat20).tax)).toEqual([1, 2, 3]);
    // Just under and just over a half.
    expect([2, 4, 8, 10].map((gross) => taxWithin(gross, vat20).tax)).toEqual([0, 1, 1, 2]);
  });

  it("keeps every line within a pesewa of its exact share and the lines plus net equal to the gross, for any amount", () => {
    const rateSets: TaxRate[][] = [
      ghana2026,
      ghanaBefore2026,
      [{ name: "A", basisPoints: 1 }],
      [
        { name: "A", basisPoints: 333 },
        { name: "B", basisPoints: 333 },
        { name: "C", basisPoints: 334 },
      ],
      [
        { name: "A", basisPoints: 10_000 },
        { name: "B", basisPoints: 0 },
        { name: "C", basisPoints: 1_234 },
        { name: "D", basisPoints: 1 },
      ],
    ];
    const grosses = [...Array.from({ length: 1_200 }, (_, i) => i), 99_999, 124_999, 10_000_001, 9_007_199_254_740, 123_456_789_012];
    for (const rates of rateSets) {
      const sum = rates.reduce((total, rate) => total + rate.basisPoints, 0);
      for (const gross of grosses) {
        const breakdown = taxWithin(gross, rates);
        const lineSum = breakdown.lines.reduce((total, line) => total + line.amount, 0);
        expect(lineSum, `${gross}`).toBe(breakdown.tax);
        expect(breakdown.net + lineSum, `${gross}`).toBe(gross);
        // The whole tax is the exact one rounded half up: |2·(tax·D − g·Σ)| ≤ D, with a half going up.
        const divisor = 10_000n + BigInt(sum);
        const twice = 2n * (BigInt(breakdown.tax) * divisor - BigInt(gross) * BigInt(sum));
        expect(twice > -divisor && twice <= divisor, `${gross}`).toBe(true);
        for (const line of breakdown.lines) {
          const exact = BigInt(gross) * BigInt(line.basisPoints);
          const floor = exact / divisor;
          expect(
            BigInt(line.amount) === floor || (BigInt(line.amount) === floor + 1n && exact % divisor !== 0n),
            `${gross} ${line.name}`,
          ).toBe(true);
        }
      }
    }
  });

  it("gives no tax when zero-rated (an export), whatever the rates", () => {
    expect(taxWithin(124_999, ghana2026, { zeroRated: true })).toEqual({
      gross: 124_999,
      net: 124_999,
      tax: 0,
      lines: [],
      zeroRated: true,
    });
  });

  it("refuses amounts that are not whole pesewas and rates out of 0–100 %", () => {
    expect(() => taxWithin(1.5, ghana2026)).toThrow(RangeError);
    expect(() => taxWithin(-1, ghana2026)).toThrow(RangeError);
    expect(() => taxWithin(100, [{ name: "VAT", basisPoints: 10_001 }])).toThrow(RangeError);
  });
});

describe("rates as staff type and read them", () => {
  it("reads up to two decimals from 0 to 100 and nothing else", () => {
    expect(["15", "2.5", "2.50", "0.01", "0", "100", "100.00", " 1 "].map(basisPointsOf)).toEqual([
      1500, 250, 250, 1, 0, 10_000, 10_000, 100,
    ]);
    for (const bad of ["", "100.01", "2.555", "-1", "+1", "1e2", "15%", "1,5", ".5", "5.", "1000"])
      expect(basisPointsOf(bad), bad).toBeNull();
  });

  it("writes them back without trailing zeros", () => {
    expect([1500, 250, 1, 10, 10_000, 0].map(rateText)).toEqual(["15", "2.5", "0.01", "0.1", "100", "0"]);
    expect(taxLineLabel({ name: "GETFund levy", basisPoints: 250 })).toBe("GETFund levy 2.5%");
  });
});
