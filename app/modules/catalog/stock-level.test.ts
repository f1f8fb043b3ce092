import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD, stockLevel } from "./stock-level";

describe("stock level", () => {
  it("is sold out at zero (and below, whatever a bad row says)", () => {
    expect(stockLevel(0)).toBe("sold-out");
    expect(stockLevel(-1)).toBe("sold-out");
  });
  it("is low from 1 up to the threshold, in stock above it", () => {
    expect(stockLevel(1)).toBe("low");
    expect(stockLevel(LOW_STOCK_THRESHOLD)).toBe("low");
    expect(stockLevel(LOW_STOCK_THRESHOLD + 1)).toBe("in-stock");
    expect(stockLevel(12, 20)).toBe("low");
  });
});
