/**
 * Deposits and balances (issue 46, part 3; docs/decisions/041): what an order asks for now and
 * what it still owes, from the figures the database keeps (orders.total_amount, paid_amount,
 * deposit_amount, payment_status). Shared by the server and the pages that show them.
 */

/** What one payment is for: the whole order, its deposit, or the rest after the deposit. */
export type PaymentPurpose = "full" | "deposit" | "balance";

export interface BalanceFacts {
  totalAmount: number;
  paidAmount: number;
  depositAmount: number | null;
  paymentStatus: string;
}

export interface AmountDue {
  purpose: PaymentPurpose;
  /** Pesewas. */
  amount: number;
}

/** Payment statuses in which an order still waits for money. */
const OWING = new Set(["pending", "failed", "deposit_paid"]);

/**
 * What the order asks for now: its deposit before anything came in, the rest once part of it
 * did, or the whole total; null once it is paid (or refunded).
 */
export function amountDueNow(order: BalanceFacts): AmountDue | null {
  if (!OWING.has(order.paymentStatus)) return null;
  const remaining = order.totalAmount - order.paidAmount;
  if (remaining <= 0) return null;
  if (order.paidAmount > 0) return { purpose: "balance", amount: remaining };
  if (order.depositAmount !== null && order.depositAmount > 0 && order.depositAmount < order.totalAmount)
    return { purpose: "deposit", amount: order.depositAmount };
  return { purpose: "full", amount: order.totalAmount };
}

/** What the order still owes in all (0 once paid, refunded or cancelled is the caller's to read). */
export function balanceOf(order: BalanceFacts): number {
  return OWING.has(order.paymentStatus) ? Math.max(0, order.totalAmount - order.paidAmount) : 0;
}

/** The amounts staff may record on the order now: what it asks for now, and everything it owes. */
export function recordableAmounts(order: BalanceFacts): number[] {
  const due = amountDueNow(order);
  if (!due) return [];
  const owed = balanceOf(order);
  return due.amount === owed ? [owed] : [due.amount, owed];
}

/** Whether the order's deposit came in and its balance is still due: it may not ship without a reason. */
export function hasBalanceDue(order: BalanceFacts): boolean {
  return order.paymentStatus === "deposit_paid" || (order.depositAmount !== null && balanceOf(order) > 0);
}

/** The lines a deposit is worked out from: bespoke ones (made to measure, custom) are split. */
export interface DepositLine {
  kind: "standard" | "made_to_measure" | "custom";
  /** Pesewas: unit price × quantity. */
  lineTotal: number;
}

/**
 * The deposit an order asks when its bespoke lines are paid `percent` up front: ready-made
 * pieces and delivery are paid in full, the bespoke lines (made to measure, custom; after the
 * discount, never more than the total) in part. Returns null when nothing is left for later
 * (no bespoke line, or 100 %): the order is then paid in full at once. The balance is rounded
 * down to the pesewa, so the deposit is never less than the percentage asked.
 */
export function depositForLines(lines: readonly DepositLine[], total: number, percent: number): number | null {
  if (percent <= 0 || percent >= 100) return null;
  const bespoke = lines.filter((l) => l.kind !== "standard").reduce((sum, l) => sum + l.lineTotal, 0);
  const split = Math.min(bespoke, total);
  const balance = Math.floor((split * (100 - percent)) / 100);
  const deposit = total - balance;
  return balance > 0 && deposit > 0 ? deposit : null;
}

/** A fixed deposit staff typed: more than nothing and less than the total, else refused (null). */
export function fixedDeposit(amount: number, total: number): number | null {
  return Number.isSafeInteger(amount) && amount > 0 && amount < total ? amount : null;
}

/** "deposit" → "Deposit", as the pages and emails name a payment. */
export const paymentPurposeLabels: Record<PaymentPurpose, string> = {
  full: "Full payment",
  deposit: "Deposit",
  balance: "Balance",
};

/** How an order staff take asks its deposit (draft_orders.deposit_kind, deposit_value). */
export type DepositKind = "auto" | "none" | "percent" | "amount";
export const depositKinds: readonly DepositKind[] = ["auto", "none", "percent", "amount"];

/**
 * The deposit of an order staff take: the shop's (its percentage of the bespoke lines, as the
 * storefront asks), none, a percentage of the whole order (e.g. a wholesale order of ready-made
 * pieces) rounded up to the pesewa, or a fixed amount. A choice that leaves nothing for later
 * (100 %, an amount of the whole total or more) is a problem staff must fix, never clipped.
 */
export function depositOfChoice(
  choice: { kind: DepositKind; value: number },
  lines: readonly DepositLine[],
  total: number,
  shopPercent: number,
): { deposit: number | null; problem: string | null } {
  if (choice.kind === "none") return { deposit: null, problem: null };
  if (choice.kind === "auto") return { deposit: depositForLines(lines, total, shopPercent), problem: null };
  if (choice.kind === "percent") {
    const deposit = Math.ceil((total * choice.value) / 100);
    return choice.value >= 1 && choice.value <= 99 && deposit > 0 && deposit < total
      ? { deposit, problem: null }
      : { deposit: null, problem: "The deposit must be from 1 to 99 % of the total." };
  }
  const deposit = fixedDeposit(choice.value, total);
  return deposit === null
    ? { deposit: null, problem: "The deposit must be more than nothing and less than the total." }
    : { deposit, problem: null };
}
