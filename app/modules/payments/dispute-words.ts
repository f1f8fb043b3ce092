/**
 * A dispute (chargeback) in words for staff: what kind, where it stands, how it ended. Paystack's
 * own words (payment_disputes.status, resolution, category) stay in the database; an unknown one
 * is shown as it is, made readable. Isomorphic: the order details and the dashboard use it.
 */

/** Paystack's dispute states that end a dispute (besides a resolved time). */
export const CLOSED_DISPUTE_STATUSES: readonly string[] = ["resolved", "archived"];

/**
 * Whether a dispute is still open: not resolved by Paystack. The queries say the same in SQL
 * (resolved_at is null, the partial index payment_disputes_open_idx, and status not closed).
 */
export function isOpenDispute(d: { status: string; resolvedAt: Date | string | null }): boolean {
  return d.resolvedAt === null && !CLOSED_DISPUTE_STATUSES.includes(d.status);
}

/** "Dispute (chargeback)" or "Fraud claim". */
export function disputeKind(category: string | null): string {
  return category === "fraud-claim" ? "Fraud claim" : "Dispute (chargeback)";
}

/** Paystack's resolutions: short for the order's card, in full for the staff note and email. */
const resolutionWords: Record<string, { short: string; full: string }> = {
  "merchant-accepted": {
    short: "you accepted it, the money went back",
    full: "you accepted it: the money went back to the customer",
  },
  declined: { short: "you won, the money stays", full: "the shop won it: the money stays with the shop" },
  "auto-accepted": {
    short: "not answered in time, the money went back",
    full: "it was not answered in time: the money went back to the customer",
  },
};

/** How a dispute ended, in full: "you accepted it: the money went back to the customer". */
export function describeResolution(resolution: string | null): string {
  if (!resolution) return "resolved";
  return resolutionWords[resolution]?.full ?? `resolved (${readable(resolution)})`;
}

const statusWords: Record<string, string> = {
  "awaiting-merchant-feedback": "Waiting for your answer",
  "awaiting-bank-feedback": "Waiting for the bank",
  pending: "Open",
  archived: "Closed",
};

/** "Waiting for your answer", "Resolved: you won, the money stays", … */
export function disputeStatusWords(status: string, resolution: string | null): string {
  if (status === "resolved" || (resolution && !statusWords[status])) {
    if (!resolution) return "Resolved";
    return `Resolved: ${resolutionWords[resolution]?.short ?? readable(resolution)}`;
  }
  return statusWords[status] ?? capitalise(readable(status));
}

/** Whether staff still have to answer it (Paystack waits for the shop), as opposed to the bank deciding. */
export function disputeAwaitsShop(status: string): boolean {
  return status !== "awaiting-bank-feedback";
}

/** The resolutions that gave the money back to the customer. */
export function disputeLost(resolution: string | null): boolean {
  return resolution === "merchant-accepted" || resolution === "auto-accepted";
}

const readable = (word: string) => word.replaceAll(/[-_]+/g, " ").trim();
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
