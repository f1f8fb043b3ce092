import { describe, expect, it } from "vitest";
import { isFlagGiven } from "./v8-flags";

describe("a V8 flag the operator gave on node's command line", () => {
  it("is found in any of its forms", () => {
    expect(isFlagGiven("--no-liftoff", ["--liftoff"])).toBe(true);
    expect(isFlagGiven("--no-liftoff", ["--no-liftoff"])).toBe(true);
    expect(isFlagGiven("--heap-growing-percent=25", ["--heap-growing-percent=80"])).toBe(true);
    expect(isFlagGiven("--interrupt-budget=16896", ["--interrupt_budget=100"])).toBe(true);
  });

  it("is not confused with another flag that shares its start", () => {
    expect(isFlagGiven("--interrupt-budget=16896", ["--interrupt-budget-for-feedback-allocation=10"])).toBe(false);
    expect(isFlagGiven("--no-liftoff", ["--liftoff-only"])).toBe(false);
    expect(isFlagGiven("--no-liftoff", [])).toBe(false);
  });
});
