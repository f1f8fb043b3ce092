import { describe, expect, it } from "vitest";
import { addDays, quoteDeposit, quoteProductionDays, quoteState, quoteTotal, type QuoteLine } from "./quote-lines";

const lines: QuoteLine[] = [
  { description: "Agbada in kente", unitPrice: 450_000, quantity: 1, productionDays: 28 },
  { description: "Kufi cap", unitPrice: 25_050, quantity: 2, productionDays: 7 },
];

describe("a quote's figures", () => {
  it("totals its pieces and takes the longest time to make", () => {
    expect(quoteTotal(lines)).toBe(500_100);
    expect(quoteProductionDays(lines)).toBe(28);
  });

  it("asks a percentage rounded up to the pesewa, or an amount, always less than the total", () => {
    expect(quoteDeposit(lines, { kind: "percent", value: 50 })).toEqual({ deposit: 250_050, problem: null });
    expect(quoteDeposit([{ ...lines[1]!, quantity: 1 }], { kind: "percent", value: 33 })).toEqual({ deposit: 8_267, problem: null });
    expect(quoteDeposit(lines, { kind: "amount", value: 100_000 })).toEqual({ deposit: 100_000, problem: null });
    expect(quoteDeposit(lines, { kind: "amount", value: 500_100 }).problem).toBe(
      "The deposit must be more than nothing and less than the total.",
    );
    expect(quoteDeposit(lines, { kind: "percent", value: 100 }).problem).toBe("The deposit must be from 1 to 99 % of the total.");
  });

  it("reads an open quote as expired only after its last day", () => {
    expect(quoteState({ status: "open", validUntil: "2026-12-17" }, "2026-12-17")).toBe("open");
    expect(quoteState({ status: "open", validUntil: "2026-12-17" }, "2026-12-18")).toBe("expired");
    expect(quoteState({ status: "declined", validUntil: "2026-12-17" }, "2027-01-01")).toBe("declined");
  });

  it("counts calendar days across months and years", () => {
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(addDays("2026-12-03", -1)).toBe("2026-12-02");
  });
});
