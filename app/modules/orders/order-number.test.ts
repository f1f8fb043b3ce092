import { describe, expect, it } from "vitest";
import { normaliseOrderNumber } from "./order-number";

describe("normaliseOrderNumber", () => {
  it.each([
    ["ORD-123456", "ORD-123456"],
    ["ord-123456", "ORD-123456"],
    ["123456", "ORD-123456"],
    ["  123456 ", "ORD-123456"],
    ["ORD 123 456", "ORD-123456"],
    ["ord123456", "ORD-123456"],
    ["#ORD-004512", "ORD-004512"],
  ])("reads %j as %s", (typed, stored) => {
    expect(normaliseOrderNumber(typed)).toBe(stored);
  });

  it.each(["", "ORD-", "12345", "1234567", "ORD-12345A", "ABC-123456", "CR-123456"])("refuses %j", (typed) => {
    expect(normaliseOrderNumber(typed)).toBeNull();
  });
});
