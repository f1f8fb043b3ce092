import { describe, expect, it } from "vitest";
import { sampleZones } from "../../../tests/factories/shipping-zones";
import { lineTotal, orderTotals, subtotalOf } from "./order-totals";

const zone = (name: string) => sampleZones.find((z) => z.name === name)!;

describe("order totals", () => {
  it("prices a line exactly in pesewas (no float drift)", () => {
    expect(lineTotal({ unitPrice: 29_999, quantity: 3 })).toBe(89_997);
    expect(lineTotal({ unitPrice: 10, quantity: 3 })).toBe(30);
  });

  it("adds the lines into a subtotal", () => {
    expect(subtotalOf([])).toBe(0);
    expect(
      subtotalOf([
        { unitPrice: 37_499, quantity: 1 },
        { unitPrice: 29_999, quantity: 2 },
      ]),
    ).toBe(97_497);
  });

  it("charges subtotal + shipping: 3 × ₵299.99 = ₵899.97 ships free in Ghana", () => {
    expect(orderTotals([{ unitPrice: 29_999, quantity: 3 }], zone("Rest of Ghana"))).toEqual({
      subtotal: 89_997,
      discount: 0,
      shipping: 0,
      total: 89_997,
      itemCount: 3,
    });
  });

  it("adds the zone's fee to a small order: ₵120 + ₵50 = ₵170 in Ashanti, ₵120 + ₵30 = ₵150 in Accra", () => {
    expect(orderTotals([{ unitPrice: 12_000, quantity: 1 }], zone("Rest of Ghana"))).toEqual({
      subtotal: 12_000,
      discount: 0,
      shipping: 5_000,
      total: 17_000,
      itemCount: 1,
    });
    expect(orderTotals([{ unitPrice: 12_000, quantity: 1 }], zone("Greater Accra")).total).toBe(15_000);
  });

  it("charges abroad whatever the subtotal: ₵899.97 + ₵600 to the rest of the world", () => {
    expect(orderTotals([{ unitPrice: 29_999, quantity: 3 }], zone("Rest of the world"))).toMatchObject({
      shipping: 60_000,
      total: 149_997,
    });
  });

  it("ships free exactly at the threshold, not a pesewa below", () => {
    const rate = { fee: 7_500, freeShippingThreshold: 100_000 };
    expect(orderTotals([{ unitPrice: 99_999, quantity: 1 }], rate).total).toBe(107_499);
    expect(orderTotals([{ unitPrice: 50_000, quantity: 2 }], rate).total).toBe(100_000);
  });

  it("takes a staff discount off the subtotal; free shipping reads what is paid for the pieces; a discount over the subtotal is refused", () => {
    const rate = { fee: 3_000, freeShippingThreshold: 50_000 };
    expect(orderTotals([{ unitPrice: 52_000, quantity: 1 }], rate, 1_000)).toEqual({
      subtotal: 52_000,
      discount: 1_000,
      shipping: 0,
      total: 51_000,
      itemCount: 1,
    });
    // ₵520 less ₵30 is ₵490: under the ₵500 threshold, so the fee applies.
    expect(orderTotals([{ unitPrice: 52_000, quantity: 1 }], rate, 3_000).total).toBe(52_000);
    expect(() => orderTotals([{ unitPrice: 52_000, quantity: 1 }], rate, 52_001)).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: 52_000, quantity: 1 }], rate, -1)).toThrow(RangeError);
  });
});
