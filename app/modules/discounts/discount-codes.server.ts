import { and, eq, isNotNull, isNull, or, sql, count } from "drizzle-orm";
import type { Db } from "~db/client";
import { discountCodes, discountCodeUses } from "~db/schema/discounts";
import { discountState } from "./discount-state";
import {
  CODE_PATTERN,
  discountFor,
  normalizeCode,
  type CodeDiscount,
  type CodeRefusal,
  type DiscountLine,
  type DiscountTerms,
} from "./discount-terms";

/**
 * Checking a discount code against a cart (issue 47, docs/decisions/044): the preview the cart
 * and checkout ask for, and the same check inside placeOrder's transaction with the code's row
 * locked (`lock`), where the use is then counted (recordCodeUse). Cancelling an unpaid order
 * gives the use back once (giveBackCodeUse).
 */

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export interface CodeShopper {
  /** The checkout's email (any case); null in the cart before it is typed. */
  email: string | null;
  /** The signed-in account, and its email (a code for named customers accepts either email). */
  userId: string | null;
  accountEmail: string | null;
}

export type CodeCheck = { ok: true; code: DiscountCodeRow; applied: CodeDiscount } | { ok: false; refusal: CodeRefusal };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function termsOf(code: DiscountCodeRow): DiscountTerms {
  return {
    kind: code.kind as DiscountTerms["kind"],
    value: code.value,
    minimumSubtotal: code.minimumSubtotal,
    scope: code.scope as DiscountTerms["scope"],
    collectionIds: code.collectionIds,
    productIds: code.productIds,
    excludeSaleItems: code.excludeSaleItems,
  };
}

/** Uses not given back: in all, and this shopper's (by email, or by account when signed in). */
async function usesOf(tx: Db, codeId: number, shopper: CodeShopper) {
  const live = and(eq(discountCodeUses.codeId, codeId), isNull(discountCodeUses.returnedAt));
  const [all] = await tx.select({ n: count() }).from(discountCodeUses).where(live);
  const mine = [
    ...(shopper.email ? [eq(discountCodeUses.email, normalizeEmail(shopper.email))] : []),
    ...(shopper.userId ? [and(isNotNull(discountCodeUses.userId), eq(discountCodeUses.userId, shopper.userId))] : []),
  ];
  const [own] = mine.length
    ? await tx
        .select({ n: count() })
        .from(discountCodeUses)
        .where(and(live, or(...mine)))
    : [{ n: 0 }];
  return { total: Number(all?.n ?? 0), byShopper: Number(own?.n ?? 0) };
}

/** Whether a code for named customers (customer_emails) is this shopper's; open codes are everyone's. */
function isForShopper(code: DiscountCodeRow, shopper: CodeShopper): boolean {
  if (code.customerEmails.length === 0) return true;
  const emails = [shopper.email, shopper.accountEmail].filter((e): e is string => !!e).map(normalizeEmail);
  return emails.some((email) => code.customerEmails.includes(email));
}

/**
 * The code checked for this shopper and these lines, at `now`: the refusal the shopper is told
 * (docs/product-rules.md §14), or what it takes off. The order of the checks is the rule: what
 * must not be revealed (no such code, another customer's, not started) reads "unknown" before
 * anything else is looked at; a customer's own limit reads as the code's limit.
 * With `lock`, the code's row is locked (FOR UPDATE) for the rest of the transaction, so the
 * uses counted here cannot change before this order's use is recorded.
 */
export async function checkCode(
  tx: Db,
  text: string,
  lines: readonly DiscountLine[],
  shopper: CodeShopper,
  options: { lock?: boolean; now?: Date } = {},
): Promise<CodeCheck> {
  const normalized = normalizeCode(text);
  if (!CODE_PATTERN.test(normalized)) return { ok: false, refusal: { kind: "unknown" } };
  const query = tx.select().from(discountCodes).where(eq(discountCodes.code, normalized));
  const [code] = options.lock ? await query.for("update") : await query;
  if (!code || !isForShopper(code, shopper)) return { ok: false, refusal: { kind: "unknown" } };
  // The clock is read after the lock: a code that ended while this order waited for it is ended.
  const now = options.now ?? new Date();
  const uses = await usesOf(tx, code.id, shopper);
  const state = discountState(code, uses.total, now);
  if (state === "scheduled") return { ok: false, refusal: { kind: "unknown" } };
  if (state === "expired") return { ok: false, refusal: { kind: "ended" } };
  if (state === "used-up") return { ok: false, refusal: { kind: "used-up" } };
  if (state === "paused") return { ok: false, refusal: { kind: "paused" } };
  if (code.perCustomerLimit !== null && uses.byShopper >= code.perCustomerLimit) return { ok: false, refusal: { kind: "used-up" } };
  const applied = discountFor(termsOf(code), lines);
  if (!applied.ok) return { ok: false, refusal: applied.shortfall };
  return { ok: true, code, applied: applied.value };
}

/** The order's use of the code, counted in the order's transaction (after checkCode with `lock`). */
export async function recordCodeUse(tx: Db, use: { codeId: number; orderId: string; email: string; userId: string | null }): Promise<void> {
  await tx.insert(discountCodeUses).values({ ...use, email: normalizeEmail(use.email) });
}

/**
 * Gives the order's use back (an order cancelled before payment), once: only a use not given
 * back already is touched, and the caller holds the order's row lock. Returns whether it did.
 */
export async function giveBackCodeUse(tx: Db, orderId: string): Promise<boolean> {
  const returned = await tx
    .update(discountCodeUses)
    .set({ returnedAt: sql`now()` })
    .where(and(eq(discountCodeUses.orderId, orderId), isNull(discountCodeUses.returnedAt)))
    .returning({ id: discountCodeUses.id });
  return returned.length > 0;
}

/**
 * Counts the use again when staff bring a cancelled order back: the order keeps its discount,
 * so its use counts, even past the code's limit (staff chose to; docs/decisions/044).
 */
export async function retakeCodeUse(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(discountCodeUses)
    .set({ returnedAt: null })
    .where(and(eq(discountCodeUses.orderId, orderId), isNotNull(discountCodeUses.returnedAt)));
}
