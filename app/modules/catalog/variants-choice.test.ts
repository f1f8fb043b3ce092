import { describe, expect, it } from "vitest";
import { anyInStock, colorSoldOut, sizesInColor, sizeToOffer, variantLabel } from "./variants";

// The sample Royal Kente Kaftan: Royal Gold XXL sold out, S nearly; Emerald in every size; Midnight gone.
const sizes = ["S", "M", "L", "XL", "XXL"];
const variants = [
  ...sizes.map((size) => ({ color: "Royal Gold", size, stock: size === "XXL" ? 0 : size === "S" ? 2 : 9 })),
  ...sizes.map((size) => ({ color: "Emerald", size, stock: 4 })),
  ...sizes.map((size) => ({ color: "Midnight", size, stock: 0 })),
];

describe("what the product page offers in a colour", () => {
  it("lists every size with its own stock and level: a sold-out size stays in the list", () => {
    expect(sizesInColor(variants, sizes, "Royal Gold")).toEqual([
      { size: "S", stock: 2, level: "low" },
      { size: "M", stock: 9, level: "in-stock" },
      { size: "L", stock: 9, level: "in-stock" },
      { size: "XL", stock: 9, level: "in-stock" },
      { size: "XXL", stock: 0, level: "sold-out" },
    ]);
    expect(sizesInColor(variants, sizes, "Emerald").find((s) => s.size === "XXL")).toEqual({ size: "XXL", stock: 4, level: "low" });
  });

  it("keeps the size when it is in stock in the new colour, else offers the first in stock, else keeps the wanted one", () => {
    expect(sizeToOffer(variants, sizes, "Emerald", "XXL")).toBe("XXL");
    expect(sizeToOffer(variants, sizes, "Royal Gold", "XXL")).toBe("S");
    expect(sizeToOffer(variants, sizes, "Midnight", "XXL")).toBe("XXL");
  });

  it("marks a colour sold out only when no size of it is in stock", () => {
    expect(colorSoldOut(variants, sizes, "Royal Gold")).toBe(false);
    expect(colorSoldOut(variants, sizes, "Midnight")).toBe(true);
    expect(colorSoldOut(variants, sizes, "Saffron")).toBe(true);
    expect(anyInStock(variants)).toBe(true);
    expect(anyInStock(variants.filter((v) => v.color === "Midnight"))).toBe(false);
  });

  it("names a variant by colour and size, or size alone without colours", () => {
    expect(variantLabel("Royal Gold", "XL")).toBe("Royal Gold, XL");
    expect(variantLabel("", "XL")).toBe("XL");
  });
});
