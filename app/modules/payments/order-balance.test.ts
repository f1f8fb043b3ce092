import { describe, expect, it } from "vitest";
import { amountDueNow, balanceOf, depositForLines, depositOfChoice, hasBalanceDue, recordableAmounts } from "./order-balance";

const suit = { kind: "made_to_measure", lineTotal: 94_999 } as const;
const kaftan = { kind: "standard", lineTotal: 34_999 } as const;

describe("deposits (docs/decisions/041)", () => {
  it("splits only the bespoke lines: ready-made pieces and delivery are paid up front, the balance rounded down", () => {
    // 94,999 + 34,999 + 5,000 delivery: half the suit (47,499.5 → 47,499) is left for later.
    expect(depositForLines([suit, kaftan], 134_998, 50)).toBe(134_998 - 47_499);
    expect(depositForLines([kaftan], 39_999, 50)).toBeNull();
    expect(depositForLines([suit], 94_999, 0)).toBeNull();
    // A discount larger than the ready-made pieces: never more split than the total.
    expect(depositForLines([suit], 50_000, 50)).toBe(25_000);
  });

  it("takes staff's choice: the shop's, none, a percentage of the whole order, or a fixed amount less than the total", () => {
    expect(depositOfChoice({ kind: "auto", value: 0 }, [suit, kaftan], 129_998, 40)).toEqual({ deposit: 129_998 - 56_999, problem: null });
    expect(depositOfChoice({ kind: "none", value: 0 }, [suit], 94_999, 50)).toEqual({ deposit: null, problem: null });
    expect(depositOfChoice({ kind: "percent", value: 30 }, [kaftan], 100_001, 50)).toEqual({ deposit: 30_001, problem: null });
    expect(depositOfChoice({ kind: "percent", value: 100 }, [kaftan], 100_000, 50).problem).toBe(
      "The deposit must be from 1 to 99 % of the total.",
    );
    expect(depositOfChoice({ kind: "amount", value: 50_000 }, [kaftan], 100_000, 50)).toEqual({ deposit: 50_000, problem: null });
    expect(depositOfChoice({ kind: "amount", value: 100_000 }, [kaftan], 100_000, 50).problem).toBe(
      "The deposit must be more than nothing and less than the total.",
    );
  });

  it("asks the deposit first, then the balance, then nothing; staff may record what is due now or everything owed", () => {
    const order = { totalAmount: 100_000, paidAmount: 0, depositAmount: 40_000, paymentStatus: "pending" };
    expect(amountDueNow(order)).toEqual({ purpose: "deposit", amount: 40_000 });
    expect(recordableAmounts(order)).toEqual([40_000, 100_000]);
    expect(hasBalanceDue(order)).toBe(true);
    const deposited = { ...order, paidAmount: 40_000, paymentStatus: "deposit_paid" };
    expect(amountDueNow(deposited)).toEqual({ purpose: "balance", amount: 60_000 });
    expect(recordableAmounts(deposited)).toEqual([60_000]);
    expect(balanceOf(deposited)).toBe(60_000);
    const paid = { ...order, paidAmount: 100_000, paymentStatus: "paid" };
    expect(amountDueNow(paid)).toBeNull();
    expect(hasBalanceDue(paid)).toBe(false);
    expect(amountDueNow({ ...order, depositAmount: null })).toEqual({ purpose: "full", amount: 100_000 });
    expect(hasBalanceDue({ ...order, depositAmount: null })).toBe(false);
  });
});
