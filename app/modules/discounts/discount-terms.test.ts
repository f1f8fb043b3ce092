import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { orderTotals } from "~/modules/pricing/order-totals";
import { sampleZones } from "../../../tests/factories/shipping-zones";
import {
  describeDiscount,
  discountFor,
  normalizeCode,
  percentOf,
  refusalMessage,
  shareOut,
  type DiscountLine,
  type DiscountTerms,
} from "./discount-terms";
import { discountState } from "./discount-state";

const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  kind: "percentage",
  value: 10,
  minimumSubtotal: null,
  scope: "order",
  collectionIds: [],
  productIds: [],
  excludeSaleItems: false,
  ...over,
});
const line = (over: Partial<DiscountLine> = {}): DiscountLine => ({
  productId: 1,
  categoryId: 1,
  unitPrice: 10_000,
  quantity: 1,
  onSale: false,
  ...over,
});
const applied = (t: DiscountTerms, lines: DiscountLine[]) => {
  const result = discountFor(t, lines);
  if (!result.ok) throw new Error(`refused: ${result.shortfall.kind}`);
  return result.value;
};

describe("discount codes, computed", () => {
  it("normalizes a code to upper case without spaces around it", () => {
    expect(normalizeCode("  welcome-10 ")).toBe("WELCOME-10");
  });

  it("rounds a percentage once, on the covered subtotal, to the nearest pesewa, halves up", () => {
    expect(percentOf(33_333, 15)).toBe(5_000); // 4,999.95 → 5,000
    expect(percentOf(33_331, 15)).toBe(5_000); // 4,999.65 → 5,000
    expect(percentOf(10, 15)).toBe(2); // 1.5 → 2
    expect(percentOf(9, 15)).toBe(1); // 1.35 → 1
    expect(percentOf(9_000_000_000_000_000 / 1000, 100)).toBe(9_000_000_000_000);
    // Three lines of ₵0.33 at 50 %: one rounding of ₵0.99 (₵0.50), not three of ₵0.17 (₵0.51).
    expect(
      applied(terms({ value: 50 }), [line({ unitPrice: 33 }), line({ productId: 2, unitPrice: 33 }), line({ productId: 3, unitPrice: 33 })])
        .discount,
    ).toBe(50);
  });

  it("caps a fixed amount at the covered subtotal, and 100 % takes exactly the pieces", () => {
    expect(applied(terms({ kind: "fixed", value: 50_000 }), [line({ unitPrice: 12_345 })]).discount).toBe(12_345);
    expect(applied(terms({ kind: "fixed", value: 5_000 }), [line({ unitPrice: 12_345 })]).discount).toBe(5_000);
    expect(applied(terms({ value: 100 }), [line({ unitPrice: 12_345, quantity: 3 })]).discount).toBe(37_035);
  });

  it("applies only to the lines its scope covers, and leaves sale pieces out when told", () => {
    const lines = [
      line({ productId: 1, categoryId: 7, unitPrice: 20_000 }),
      line({ productId: 2, categoryId: 8, unitPrice: 30_000 }),
      line({ productId: 3, categoryId: 7, unitPrice: 10_000, onSale: true }),
    ];
    expect(applied(terms({ scope: "collections", collectionIds: [7] }), lines)).toMatchObject({
      eligibleSubtotal: 30_000,
      discount: 3_000,
    });
    expect(applied(terms({ scope: "collections", collectionIds: [7], excludeSaleItems: true }), lines)).toMatchObject({
      eligibleSubtotal: 20_000,
      discount: 2_000,
      perLine: [2_000, 0, 0],
    });
    expect(applied(terms({ scope: "products", productIds: [2] }), lines)).toMatchObject({
      eligibleSubtotal: 30_000,
      perLine: [0, 3_000, 0],
    });
    expect(discountFor(terms({ scope: "products", productIds: [99] }), lines)).toEqual({
      ok: false,
      shortfall: { kind: "nothing-covered" },
    });
    expect(discountFor(terms({ excludeSaleItems: true }), [lines[2]!])).toEqual({ ok: false, shortfall: { kind: "nothing-covered" } });
  });

  it("measures the minimum against the covered pieces", () => {
    const lines = [line({ unitPrice: 40_000, categoryId: 7 }), line({ productId: 2, unitPrice: 40_000, categoryId: 8 })];
    expect(discountFor(terms({ minimumSubtotal: 50_000 }), lines).ok).toBe(true);
    expect(discountFor(terms({ minimumSubtotal: 50_000, scope: "collections", collectionIds: [7] }), lines)).toEqual({
      ok: false,
      shortfall: { kind: "minimum", minimum: 50_000, scoped: true },
    });
    expect(discountFor(terms({ minimumSubtotal: 80_001 }), lines)).toEqual({
      ok: false,
      shortfall: { kind: "minimum", minimum: 80_001, scoped: false },
    });
  });

  it("shares a discount over lines to the pesewa, summing exactly", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1_001, [30_000, 0, 70_000])).toEqual([300, 0, 701]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    for (const [amount, weights] of [
      [9_999, [3, 7, 11, 13]],
      [1, [1, 1, 1, 1, 1]],
      [123_457, [99_999, 1, 50_000]],
    ] as const) {
      const shares = shareOut(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });

  it("free shipping takes nothing off the pieces and waives the zone's fee in orderTotals", () => {
    const code = applied(terms({ kind: "free_shipping", value: 0 }), [line({ unitPrice: 10_000 })]);
    expect(code).toMatchObject({ discount: 0, freeShipping: true });
    const zone = sampleZones.find((z) => z.name === "Rest of Ghana")!;
    const lines = [{ unitPrice: 10_000, quantity: 1 }];
    expect(orderTotals(lines, zone).shipping).toBeGreaterThan(0);
    expect(orderTotals(lines, zone, 0, { freeShipping: true })).toMatchObject({ shipping: 0, total: 10_000 });
    // A percentage lowers what the free-shipping threshold is measured against.
    expect(orderTotals([{ unitPrice: 50_000, quantity: 1 }], zone, 5_000).total).toBe(
      45_000 + orderTotals([{ unitPrice: 45_000, quantity: 1 }], zone).shipping,
    );
  });

  it("tells the shopper why in plain words, the same words for unknown and not-for-you", () => {
    const money = (p: number) => formatMoney(p);
    expect(refusalMessage({ kind: "unknown" }, money)).toBe("We don't recognise that code");
    expect(refusalMessage({ kind: "ended" }, money)).toBe("This code has ended");
    expect(refusalMessage({ kind: "minimum", minimum: 50_000, scoped: false }, money)).toBe("Spend ₵500.00 or more to use this code");
    expect(refusalMessage({ kind: "used-up" }, money)).toBe("This code has been used as many times as it can");
    expect(describeDiscount("percentage", 15, money)).toBe("15% off");
    expect(describeDiscount("fixed", 5_000, money)).toBe("₵50.00 off");
    expect(describeDiscount("free_shipping", 0, money)).toBe("Free shipping");
  });

  it("reads a code's state from its dates, uses and pause", () => {
    const now = new Date("2026-12-03T12:00:00Z");
    const base = { paused: false, startsAt: null, endsAt: null, usageLimit: null };
    expect(discountState(base, 0, now)).toBe("active");
    expect(discountState({ ...base, paused: true }, 0, now)).toBe("paused");
    expect(discountState({ ...base, startsAt: new Date("2026-12-24T00:00:00Z") }, 0, now)).toBe("scheduled");
    expect(discountState({ ...base, endsAt: new Date(now.getTime() - 1000) }, 0, now)).toBe("expired");
    expect(discountState({ ...base, endsAt: now }, 0, now)).toBe("expired");
    expect(discountState({ ...base, usageLimit: 5 }, 5, now)).toBe("used-up");
    expect(discountState({ ...base, usageLimit: 5 }, 4, now)).toBe("active");
  });
});
