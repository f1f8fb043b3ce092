import { describe, expect, it } from "vitest";
import { MAX_COLORS } from "./product.schema";
import { blankProductForm, NEW_COLOR_SWATCHES, newColorRow } from "./product-form-data";

describe("a new colour row of the product form", () => {
  it("starts with no name and no pictures, whatever the rows before it hold", () => {
    const row = newColorRow([{ name: "Royal Gold", hex: "#C9A227", images: ["/uploads/products/gold"] }]);
    expect(row.name).toBe("");
    expect(row.images).toEqual([]);
  });

  it("takes a swatch no other row uses, whatever the case of the code typed", () => {
    expect(newColorRow([]).hex).toBe("#C9A227");
    expect(newColorRow([{ name: "Royal Gold", hex: "#C9A227" }]).hex).toBe("#1F4D3A");
    expect(newColorRow([{ name: "Forest", hex: "#1f4d3a" }, { hex: "#c9a227" }]).hex).toBe("#2E3A6B");
    // A row whose code is not (yet) a colour uses no swatch.
    expect(newColorRow([{ name: "Ivory", hex: "ivory" }, undefined]).hex).toBe("#C9A227");
  });

  it("has a different swatch for every row the form allows, then starts again", () => {
    expect(new Set(NEW_COLOR_SWATCHES).size).toBe(MAX_COLORS);
    const rows = NEW_COLOR_SWATCHES.map((hex) => ({ name: hex, hex }));
    expect(newColorRow(rows).hex).toBe(NEW_COLOR_SWATCHES[0]);
    const made: { hex: string }[] = [];
    for (let i = 0; i < MAX_COLORS; i++) made.push(newColorRow(made));
    expect(new Set(made.map((r) => r.hex)).size).toBe(MAX_COLORS);
  });

  it("a new product starts without colours and with nothing to confirm", () => {
    expect(blankProductForm.colors).toEqual([]);
    expect(blankProductForm.confirmDiscount).toBe("");
  });
});
