import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartItemCount,
  cartLineKey,
  cartTotal,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  type CartLine,
  type NewCartLine,
} from "./cart";

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
});
