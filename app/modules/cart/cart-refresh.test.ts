import { describe, expect, it } from "vitest";
import { cartLineKey, type CartLine } from "./cart";
import { refreshCart, type CurrentCartLine } from "./cart-refresh";

function line(productId: number, overrides: Partial<CartLine> = {}): CartLine {
  const size = overrides.size === undefined ? "M" : overrides.size;
  const colorIndex = overrides.colorIndex === undefined ? 0 : overrides.colorIndex;
  return {
    key: cartLineKey(productId, colorIndex, size),
    productId,
    name: "Osu Linen Kaftan",
    price: 34_999,
    originalPrice: null,
    image: "/images/x",
    category: "Kaftans",
    quantity: 1,
    size,
    color: "Ivory",
    colorIndex,
    maxQuantity: 10,
    ...overrides,
  };
}

function current(l: CartLine, overrides: Partial<CurrentCartLine> = {}): CurrentCartLine {
  return {
    productId: l.productId,
    colorIndex: l.colorIndex,
    size: l.size,
    measurements: l.madeToMeasure?.measurements ?? null,
    surcharge: l.madeToMeasure?.surcharge ?? 0,
    sellable: true,
    name: l.name,
    price: l.price,
    originalPrice: l.originalPrice,
    stock: 10,
    ...overrides,
  };
}

describe("refreshCart", () => {
  it("takes the shop's current price and says what it was and is", () => {
    const kaftan = line(7);
    const { lines, changes } = refreshCart([kaftan], [current(kaftan, { price: 37_999, originalPrice: 45_000 })]);
    expect(lines).toEqual([{ ...kaftan, price: 37_999, originalPrice: 45_000 }]);
    expect(changes).toEqual(["Osu Linen Kaftan: ₵349.99 → ₵379.99"]);
  });

  it("removes a line no longer sold and names it, keeping the rest", () => {
    const kaftan = line(7);
    const suit = line(2, { name: "Accra Executive Suit", price: 79_999, size: "L" });
    const { lines, changes } = refreshCart([kaftan, suit], [current(kaftan), current(suit, { sellable: false })]);
    expect(lines).toEqual([kaftan]);
    expect(changes).toEqual(["Accra Executive Suit (Ivory, L) is no longer available and was removed."]);
  });

  it("uses the cart's name for a product that was deleted", () => {
    const kaftan = line(7);
    const { lines, changes } = refreshCart([kaftan], [current(kaftan, { sellable: false, name: null, price: 0 })]);
    expect(lines).toEqual([]);
    expect(changes).toEqual(["Osu Linen Kaftan (Ivory, M) is no longer available and was removed."]);
  });

  it("removes a sold-out line and lowers a quantity above its own variant's stock (each colour and size is stocked apart)", () => {
    const medium = line(7, { quantity: 2 });
    const large = line(7, { size: "L", quantity: 2 });
    const { lines, changes } = refreshCart([medium, large], [current(medium, { stock: 3 }), current(large, { stock: 1 })]);
    expect(lines.map((l) => [l.size, l.quantity, l.maxQuantity])).toEqual([
      ["M", 2, 3],
      ["L", 1, 1],
    ]);
    expect(changes).toEqual(["Only 1 of Osu Linen Kaftan (Ivory, L) left: quantity lowered to 1."]);

    // Each size has its own stock: 2 in M and 2 in L with 2 of each left are both kept whole.
    const each = refreshCart([medium, large], [current(medium, { stock: 2 }), current(large, { stock: 2 })]);
    expect(each.lines.map((l) => [l.size, l.quantity, l.maxQuantity])).toEqual([
      ["M", 2, 2],
      ["L", 2, 2],
    ]);
    expect(each.changes).toEqual([]);

    const soldOut = refreshCart([medium], [current(medium, { stock: 0 })]);
    expect(soldOut.lines).toEqual([]);
    expect(soldOut.changes).toEqual(["Osu Linen Kaftan (Ivory, M) is sold out and was removed."]);
  });

  it("changes nothing when the cart already matches, and keeps lines the shop did not mention", () => {
    const kaftan = line(7);
    const other = line(3, { name: "Other" });
    const once = refreshCart([kaftan, other], [current(kaftan, { price: 37_999 })]);
    const twice = refreshCart(once.lines, [current(kaftan, { price: 37_999 })]);
    expect(twice.changes).toEqual([]);
    expect(twice.lines).toEqual(once.lines);
    expect(twice.lines[1]).toBe(other);
  });
});
