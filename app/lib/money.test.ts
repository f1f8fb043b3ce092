import { describe, expect, it } from "vitest";
import { discountPercent, formatMoney, formatMoneyWithCode, multiplyMoney, parseMoney, toDecimalString } from "./money";

describe("money in pesewas", () => {
  it("formats cedis with the ₵ symbol, grouping and two decimals", () => {
    expect(formatMoney(29_999)).toBe("₵299.99");
    expect(formatMoney(123_456_789)).toBe("₵1,234,567.89");
    expect(formatMoney(5)).toBe("₵0.05");
    expect(formatMoney(0)).toBe("₵0.00");
    expect(formatMoney(-5_000)).toBe("-₵50.00");
  });

  it("shows the currency code on order totals", () => {
    expect(formatMoneyWithCode(89_997)).toBe("GHS 899.97");
    expect(formatMoneyWithCode(100_000, "USD")).toBe("USD 1,000.00");
  });

  it("multiplies exactly: 3 × ₵299.99 is ₵899.97", () => {
    expect(multiplyMoney(29_999, 3)).toBe(89_997);
    expect(formatMoney(multiplyMoney(29_999, 3))).toBe("₵899.97");
    expect(formatMoney(multiplyMoney(1_001, 7))).toBe("₵70.07");
  });

  it("parses decimal text without floating point", () => {
    expect(parseMoney("299.99")).toBe(29_999);
    expect(parseMoney("1,234.5")).toBe(123_450);
    expect(parseMoney(" 10 ")).toBe(1_000);
    expect(parseMoney("0.1")).toBe(10);
    expect(parseMoney("1.005")).toBeNull();
    expect(parseMoney("-3")).toBeNull();
    expect(parseMoney("abc")).toBeNull();
    expect(parseMoney("")).toBeNull();
  });

  it("writes the plain decimal used in structured data", () => {
    expect(toDecimalString(29_999)).toBe("299.99");
    expect(toDecimalString(100_000)).toBe("1000.00");
  });

  it("rounds the discount percent as docs/product-rules.md defines it", () => {
    expect(discountPercent(29_999, 39_999)).toBe(25);
    expect(discountPercent(79_999, 99_999)).toBe(20);
    expect(discountPercent(10_000, null)).toBeNull();
    expect(discountPercent(10_000, 9_000)).toBeNull();
  });

  it("refuses amounts that are not whole pesewas", () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});
