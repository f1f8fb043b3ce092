import { depositOfChoice } from "~/modules/payments/order-balance";

/**
 * A quote's pieces and money (issue 46, part 4; docs/decisions/042), pure: shared by the admin's
 * form, the server and the customer's page. Every line of a quote is a custom piece (kind
 * "custom" on the order), so its deposit is the order-balance helpers' percent or fixed amount
 * of the whole total.
 */
export interface QuoteLine {
  description: string;
  /** Pesewas. */
  unitPrice: number;
  quantity: number;
  /** Working days to make it, from the deposit. */
  productionDays: number;
}

export type QuoteDepositKind = "percent" | "amount";

export const QUOTE_LIMITS = { lines: 20, quantity: 99, productionDays: 365, unitPrice: 100_000_000, validDays: 90 } as const;

export const quoteTotal = (lines: readonly QuoteLine[]) => lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);

/** The longest line's production time: the pieces are made side by side. */
export const quoteProductionDays = (lines: readonly QuoteLine[]) => lines.reduce((most, l) => Math.max(most, l.productionDays), 0);

/**
 * The deposit a quote asks, from staff's choice: a percentage of the total (1–99, rounded up
 * to the pesewa) or a fixed amount less than the total; a choice that leaves nothing for later
 * is a problem to fix, never clipped (order-balance.ts `depositOfChoice`).
 */
export function quoteDeposit(
  lines: readonly QuoteLine[],
  choice: { kind: QuoteDepositKind; value: number },
): { deposit: number; problem: null } | { deposit: null; problem: string } {
  const total = quoteTotal(lines);
  const asLines = lines.map((l) => ({ kind: "custom" as const, lineTotal: l.unitPrice * l.quantity }));
  const { deposit, problem } = depositOfChoice(choice, asLines, total, 0);
  if (deposit === null) return { deposit: null, problem: problem ?? "The quote must ask a deposit less than its total." };
  return { deposit, problem: null };
}

/** The lines stored in a quote, read back (written only by the quotes module, so only the shape is checked). */
export function quoteLinesOf(stored: unknown): QuoteLine[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (l): l is QuoteLine =>
      typeof l === "object" &&
      l !== null &&
      typeof (l as QuoteLine).description === "string" &&
      Number.isSafeInteger((l as QuoteLine).unitPrice) &&
      Number.isSafeInteger((l as QuoteLine).quantity) &&
      Number.isSafeInteger((l as QuoteLine).productionDays),
  );
}

/** Where a quote stands as people read it: an open one past its last day is expired. */
export type QuoteState = "open" | "accepted" | "declined" | "superseded" | "expired";

/** `today` and `validUntil` are calendar days ("2026-12-17") in the store's timezone. */
export function quoteState(quote: { status: string; validUntil: string }, today: string): QuoteState {
  if (quote.status === "open") return today > quote.validUntil ? "expired" : "open";
  return quote.status as QuoteState;
}

export const quoteStateLabels: Record<QuoteState, string> = {
  open: "Sent, awaiting the customer",
  accepted: "Accepted",
  declined: "Declined",
  superseded: "Replaced by a revision",
  expired: "Expired",
};

/** "2026-12-03" + 14 days → "2026-12-17" (calendar arithmetic, no timezone). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
