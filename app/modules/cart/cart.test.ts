import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartItemCount,
  cartLineKey,
  cartLineLabel,
  cartTotal,
  MADE_TO_MEASURE_MAX_QUANTITY,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  type CartLine,
  type NewCartLine,
} from "./cart";
import type { Measurements } from "~/modules/measurements/measurements";

const kaftan: NewCartLine = {
  productId: 1,
  name: "Royal Kente Kaftan",
  price: 29_999,
  originalPrice: 39_999,
  image: "/images/products/royal-kente-kaftan/royal-gold",
  category: "Kaftans",
  size: "M",
  color: "Royal Gold",
  colorIndex: 0,
  maxQuantity: 10,
};
const suit: NewCartLine = {
  ...kaftan,
  productId: 2,
  name: "Accra Executive Three-Piece Suit",
  price: 79_999,
  originalPrice: null,
  size: "L",
  color: "Charcoal",
};

describe("cart rules", () => {
  it("appends a new item with quantity 1", () => {
    const result = addToCart([], kaftan);
    expect(result.kind).toBe("added");
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]!.quantity).toBe(1);
    expect(result.lines[0]!.key).toBe("1-0-M");
  });

  it("raises the quantity by 1 when the same item is added again", () => {
    const once = addToCart([], kaftan).lines;
    const twice = addToCart(once, kaftan);
    expect(twice.kind).toBe("increased");
    expect(twice.lines).toHaveLength(1);
    expect(twice.lines[0]!.quantity).toBe(2);
  });

  it("keeps the same product in another size or colour as its own line", () => {
    let lines = addToCart([], kaftan).lines;
    lines = addToCart(lines, { ...kaftan, size: "XL" }).lines;
    lines = addToCart(lines, { ...kaftan, colorIndex: 1, color: "Emerald" }).lines;
    expect(lines.map((l) => l.key)).toEqual(["1-0-M", "1-0-XL", "1-1-M"]);
  });

  it("adds a chosen quantity from the product page", () => {
    const result = addToCart([], kaftan, 3);
    expect(result.lines[0]!.quantity).toBe(3);
  });

  it("refuses out-of-stock items and stops at the stock", () => {
    expect(addToCart([], { ...kaftan, maxQuantity: 0 }).kind).toBe("out-of-stock");
    const full = addToCart([], { ...kaftan, maxQuantity: 2 }, 2).lines;
    expect(addToCart(full, { ...kaftan, maxQuantity: 2 }).kind).toBe("limit");
    expect(addToCart([], { ...kaftan, maxQuantity: 2 }, 5).lines[0]!.quantity).toBe(2);
  });

  it("names a line by product, colour and size (or made to measure), as the server names a variant", () => {
    expect(cartLineLabel(kaftan)).toBe("Royal Kente Kaftan (Royal Gold, M)");
    expect(cartLineLabel({ ...kaftan, color: null })).toBe("Royal Kente Kaftan (M)");
    expect(cartLineLabel({ ...kaftan, color: null, size: null })).toBe("Royal Kente Kaftan");
    const measurements = { unit: "cm", values: {} } as unknown as Measurements;
    expect(cartLineLabel({ ...kaftan, size: null, madeToMeasure: { measurements, surcharge: 0, days: 15 } })).toBe(
      "Royal Kente Kaftan (Royal Gold, Made to measure)",
    );
  });

  it("removes an item whose quantity is set to 0 or less", () => {
    const lines = addToCart([], kaftan, 2).lines;
    expect(setQuantity(lines, "1-0-M", 0)).toEqual([]);
    expect(setQuantity(lines, "1-0-M", -1)).toEqual([]);
    expect(setQuantity(lines, "1-0-M", 4)[0]!.quantity).toBe(4);
  });

  it("removes a line and clears", () => {
    let lines = addToCart([], kaftan).lines;
    lines = addToCart(lines, suit).lines;
    expect(removeFromCart(lines, cartLineKey(1, 0, "M")).map((l) => l.name)).toEqual([suit.name]);
  });

  it("counts items as the sum of quantities and totals price × quantity in pesewas", () => {
    let lines: CartLine[] = addToCart([], kaftan, 3).lines;
    lines = addToCart(lines, suit).lines;
    expect(cartItemCount(lines)).toBe(4);
    expect(cartTotal(lines)).toBe(3 * 29_999 + 79_999);
    expect(cartTotal([])).toBe(0);
  });

  it("reads stored carts defensively", () => {
    const lines = addToCart([], kaftan).lines;
    expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ key: "x", quantity: "lots" }]))).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });

  describe("made to measure", () => {
    const measurements: Measurements = {
      unit: "cm",
      values: {
        chest: 102,
        waist: 88,
        hips: 100,
        shoulder: 46,
        sleeve: 64,
        topLength: 78,
        trouserLength: 104,
        inseam: 80,
        neck: 40,
        height: 178,
      },
    };
    const bespoke = (m: Measurements): NewCartLine => ({
      ...suit,
      size: null,
      price: 79_999 + 15_000,
      maxQuantity: MADE_TO_MEASURE_MAX_QUANTITY,
      madeToMeasure: { measurements: m, surcharge: 15_000, days: 15 },
    });

    it("keys a line by its measurements: different measurements are two lines, the same merge", () => {
      const wider: Measurements = { ...measurements, values: { ...measurements.values, chest: 106 } };
      let lines = addToCart([], bespoke(measurements)).lines;
      lines = addToCart(lines, bespoke(wider)).lines;
      expect(lines).toHaveLength(2);
      expect(lines[0]!.key).not.toBe(lines[1]!.key);
      const again = addToCart(lines, bespoke({ ...measurements, values: { ...measurements.values } }));
      expect(again.kind).toBe("increased");
      expect(again.lines.map((l) => l.quantity)).toEqual([2, 1]);
      expect(cartTotal(again.lines)).toBe(3 * 94_999);
    });

    it("tells a made-to-measure line from the standard size and from the same numbers in inches", () => {
      expect(cartLineKey(2, 0, null, measurements)).not.toBe(cartLineKey(2, 0, null));
      expect(cartLineKey(2, 0, null, measurements)).not.toBe(cartLineKey(2, 0, null, { ...measurements, unit: "in" }));
      expect(cartLineKey(2, 0, null, measurements)).toBe(cartLineKey(2, 0, null, { unit: "cm", values: { ...measurements.values } }));
    });

    it("keeps made-to-measure lines when the cart is read back, and drops one with broken measurements", () => {
      const lines = addToCart([], bespoke(measurements)).lines;
      expect(parseStoredCart(JSON.stringify(lines))).toEqual(lines);
      const broken = [
        { ...lines[0]!, madeToMeasure: { measurements: { unit: "cm", values: { chest: "wide" } }, surcharge: 15_000, days: 15 } },
      ];
      expect(parseStoredCart(JSON.stringify(broken))).toEqual([]);
    });
  });
});
