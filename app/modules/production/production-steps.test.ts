import { describe, expect, it } from "vitest";
import { nextProductionStep, productionProgress, type ProductionMove } from "./production-steps";

const move = (step: ProductionMove["step"], at: string, back = false): ProductionMove => ({ step, at, back });

describe("production progress", () => {
  it("has not started without a move, and starts at the first step", () => {
    const { current, steps } = productionProgress([]);
    expect(current).toBeNull();
    expect(steps.every((s) => s.state === "upcoming")).toBe(true);
    expect(nextProductionStep(null)).toBe("measured");
    expect(nextProductionStep("ready")).toBeNull();
  });

  it("marks steps reached, skipped, current and to come", () => {
    const { current, steps } = productionProgress([move("measured", "1"), move("cutting", "2"), move("finishing", "3")]);
    expect(current).toBe("finishing");
    expect(steps.map((s) => [s.step, s.state, s.reached?.at ?? null])).toEqual([
      ["measured", "done", "1"],
      ["cutting", "done", "2"],
      ["sewing", "skipped", null],
      ["fitting", "skipped", null],
      ["finishing", "current", "3"],
      ["ready", "upcoming", null],
    ]);
  });

  it("after a move back, the steps gone back over are to come again, and reaching them again counts anew", () => {
    const moves = [move("measured", "1"), move("cutting", "2"), move("sewing", "3"), move("cutting", "4", true)];
    expect(productionProgress(moves).steps.map((s) => s.state)).toEqual([
      "done",
      "current",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
    const on = productionProgress([...moves, move("fitting", "5")]);
    expect(on.steps.map((s) => [s.state, s.reached?.at ?? null])).toEqual([
      ["done", "1"],
      ["done", "4"],
      ["skipped", null],
      ["current", "5"],
      ["upcoming", null],
      ["upcoming", null],
    ]);
  });
});
