import { describe, expect, it } from "vitest";
import { defaultShippingRates, lineTotal, orderTotals, shippingFor, subtotalOf } from "./order-totals";

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

  it("charges the flat fee below the threshold and nothing from it", () => {
    expect(shippingFor(49_999, defaultShippingRates)).toBe(5_000);
    expect(shippingFor(50_000, defaultShippingRates)).toBe(0);
    expect(shippingFor(0, { shippingFee: 7_500, freeShippingThreshold: 100_000 })).toBe(7_500);
  });

  it("charges subtotal + shipping: 3 × ₵299.99 = ₵899.97 ships free", () => {
    expect(orderTotals([{ unitPrice: 29_999, quantity: 3 }], defaultShippingRates)).toEqual({
      subtotal: 89_997,
      shipping: 0,
      total: 89_997,
      itemCount: 3,
    });
  });

  it("adds the fee to a small order: ₵120 + ₵50 = ₵170", () => {
    expect(orderTotals([{ unitPrice: 12_000, quantity: 1 }], defaultShippingRates)).toEqual({
      subtotal: 12_000,
      shipping: 5_000,
      total: 17_000,
      itemCount: 1,
    });
  });

  it("follows the shop's own rates", () => {
    const rates = { shippingFee: 7_500, freeShippingThreshold: 100_000 };
    expect(orderTotals([{ unitPrice: 60_000, quantity: 1 }], rates).total).toBe(67_500);
    expect(orderTotals([{ unitPrice: 50_000, quantity: 2 }], rates).total).toBe(100_000);
  });
});
