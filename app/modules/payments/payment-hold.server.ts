import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { paymentAttempts } from "~db/schema/payments";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { forgetOrderSummary } from "~/modules/orders/order-summary.server";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { applyVerifiedTransaction, paymentAttemptsOf, type PaymentAttempt, type VerifiedTransaction } from "./payment-attempts.server";
import { queuePaymentExpired } from "./payment-emails.server";
import { PaystackError } from "./paystack-client.server";

/**
 * The payment hold (issue 11, item 6). An online order (card, mobile money) is placed with its
 * stock taken and `paymentDueAt` = placing + Settings → Payments' hold time. When that passes
 * unpaid, `expireUnpaidOrders` asks Paystack one last time about the order's payment, then:
 *
 * - Paystack says success → the payment is applied (applyVerifiedTransaction): paid, not cancelled;
 * - Paystack cannot be asked (unreachable, its own failure, an answer out of shape, our key
 *   refused) → left for the next round, never cancelled while unsure; but once the order is
 *   `giveUpAfterMs` (2 h) past due it is cancelled anyway, and the history says why;
 * - Paystack says the payment is in progress (pending: "currently in progress" in its
 *   documentation; ongoing: a mobile money prompt waiting on the phone; processing; queued) →
 *   left for the next round, up to `inProgressGraceMs` (15 min) past due;
 * - anything else (abandoned, failed, reversed, unknown to Paystack) → cancelled through
 *   changeOrderStatus (stock returned once, history by "Payment hold"), its attempts marked
 *   failed or abandoned as verified, `paymentDueAt` cleared, and the shopper emailed
 *   ("payment-expired").
 *
 * Safe with any number of workers (instances) at once. The Paystack calls are made outside any
 * transaction (a slow Paystack must not hold rows, nor PGlite's one connection). The decision is
 * taken in one short transaction that claims the order's attempts and the order row with
 * `FOR UPDATE SKIP LOCKED` (attempts first, then the order: the order applyVerifiedTransaction
 * locks them in, so the two never deadlock) and checks again, under those locks, that the order
 * is still due, unpaid, not cancelled and has no newer attempt. Another worker holding the order
 * (or a webhook paying it right now) makes this one skip it; one that comes after finds it
 * cancelled or paid. So an order is cancelled, its stock returned and its email queued once.
 * Two workers may both ask Paystack about the same order: that call only reads.
 */

/** Asks Paystack about one reference (paystack-client's verifyTransaction, bound to the configuration). */
export type VerifyPayment = (reference: string) => Promise<VerifiedTransaction>;

export interface PaymentHoldLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ExpireUnpaidOrdersOptions {
  db: Db;
  verify: VerifyPayment;
  log: PaymentHoldLog;
  /** Store name and public origin for the shopper's email. */
  sender: StatusEmailSender;
  /** The time of this round (tests); default now. */
  now?: Date;
  /** Orders read at a time. Default 20. */
  batchSize?: number;
  /** Past due by this long, an order whose payment could not be checked is cancelled anyway. Default 2 h. */
  giveUpAfterMs?: number;
  /** Past due by this long, an order Paystack still reports in progress is cancelled. Default 15 min. */
  inProgressGraceMs?: number;
}

/** What one round did, order by order. */
export type HoldOutcome = "paid" | "cancelled" | "waiting" | "skipped" | "left-for-staff";

export interface PaymentHoldReport {
  /** Due orders looked at. */
  checked: number;
  paid: number;
  cancelled: number;
  /** Not settled this round (Paystack unsure or payment in progress): looked at again next round. */
  waiting: number;
  /** Another worker, a webhook or a Pay now had it, or it changed meanwhile. */
  skipped: number;
  /** An amount mismatch: staff decide (the hold no longer applies). */
  leftForStaff: number;
}

/**
 * How often each instance looks for orders past their hold: often enough that stock comes back
 * within seconds of the hold ending; cheap, since the query reads a partial index of held orders.
 */
export const PAYMENT_HOLD_INTERVAL_MS = 15_000;
export const PAYMENT_HOLD_GIVE_UP_MS = 2 * 60 * 60_000;
export const PAYMENT_HOLD_IN_PROGRESS_GRACE_MS = 15 * 60_000;
export const PAYMENT_HOLD_CHANGED_BY = "Payment hold";

/** Paystack's words for "the payment is in progress" (its transaction statuses). */
const IN_PROGRESS = new Set(["pending", "ongoing", "processing", "queued"]);
/** At most this many of an order's attempts are asked about (the newest, then ones with no known outcome). */
const MAX_CHECKS_PER_ORDER = 3;

/**
 * Still held and overdue at `now`: online or waiting for its payment link (staff orders, issue
 * 46), unpaid, placed (not taken over by staff), not cancelled.
 */
function dueCondition(now: Date) {
  return and(
    isNotNull(orders.paymentDueAt),
    lte(orders.paymentDueAt, now),
    inArray(orders.paymentMethod, ["card", "mobile_money", "payment_link"]),
    inArray(orders.paymentStatus, ["pending", "failed"]),
    eq(orders.orderStatus, "processing"),
  );
}

/** Cancels (after one last check with Paystack) every online order whose payment hold has run out. */
export async function expireUnpaidOrders(options: ExpireUnpaidOrdersOptions): Promise<PaymentHoldReport> {
  const { db, batchSize = 20 } = options;
  const now = options.now ?? new Date();
  const report: PaymentHoldReport = { checked: 0, paid: 0, cancelled: 0, waiting: 0, skipped: 0, leftForStaff: 0 };
  // Keyset over (due time, id): orders left waiting are not read again in the same round.
  let after: { dueAt: Date; id: string } | null = null;
  for (;;) {
    const batch: { id: string; orderNumber: string; paymentDueAt: Date | null }[] = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber, paymentDueAt: orders.paymentDueAt })
      .from(orders)
      .where(and(dueCondition(now), after ? sql`(${orders.paymentDueAt}, ${orders.id}) > (${after.dueAt}, ${after.id})` : undefined))
      .orderBy(asc(orders.paymentDueAt), asc(orders.id))
      .limit(batchSize);
    for (const order of batch) {
      report.checked++;
      let outcome: HoldOutcome;
      try {
        outcome = await settleOrder(options, { id: order.id, orderNumber: order.orderNumber, dueAt: order.paymentDueAt! }, now);
      } catch (error) {
        options.log.error({ err: error, orderId: order.id }, "payment hold: could not settle an overdue order; trying again next round");
        outcome = "waiting";
      }
      report[outcomeKey[outcome]]++;
    }
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return report;
    after = { dueAt: last.paymentDueAt!, id: last.id };
  }
}

const outcomeKey: Record<HoldOutcome, keyof Omit<PaymentHoldReport, "checked">> = {
  paid: "paid",
  cancelled: "cancelled",
  waiting: "waiting",
  skipped: "skipped",
  "left-for-staff": "leftForStaff",
};

/** What Paystack said about one attempt that was not a success. */
interface Verdict {
  attempt: PaymentAttempt;
  /** failed or abandoned, for the attempt's record. */
  status: "failed" | "abandoned";
  message: string;
  channel: string | null;
}

async function settleOrder(
  options: ExpireUnpaidOrdersOptions,
  order: { id: string; orderNumber: string; dueAt: Date },
  now: Date,
): Promise<HoldOutcome> {
  const { db, verify, log, sender } = options;
  const giveUpAfterMs = options.giveUpAfterMs ?? PAYMENT_HOLD_GIVE_UP_MS;
  const inProgressGraceMs = options.inProgressGraceMs ?? PAYMENT_HOLD_IN_PROGRESS_GRACE_MS;
  const overdueMs = now.getTime() - order.dueAt.getTime();
  const attempts = await paymentAttemptsOf(db, order.id);
  const context = { orderId: order.id, orderNumber: order.orderNumber };

  // The newest attempt always; older ones only while their outcome is unknown (a lost webhook).
  const toCheck = attempts.filter((a, i) => i === 0 || a.status === "created" || a.status === "pending").slice(0, MAX_CHECKS_PER_ORDER);
  const verdicts: Verdict[] = [];
  let unsure: string | null = null;
  let inProgress: string | null = null;
  for (const attempt of toCheck) {
    let verified: VerifiedTransaction;
    try {
      verified = await verify(attempt.reference);
    } catch (error) {
      if (neverReachedPaystack(attempt, error)) {
        verdicts.push({ attempt, status: "abandoned", message: "Never reached Paystack; not paid within the payment hold", channel: null });
      } else {
        unsure = error instanceof Error ? error.message : String(error);
        log.warn({ ...context, err: error }, "payment hold: could not check an overdue order's payment with Paystack");
      }
      continue;
    }
    if (verified.status === "success") {
      const outcome = await applyVerifiedTransaction(db, attempt.reference, verified, sender);
      if (outcome === "paid" || outcome === "already-paid") {
        log.info({ ...context, outcome }, "payment hold: Paystack reports the overdue order paid");
        return "paid";
      }
      if (outcome === "mismatch") return leaveForStaff(db, order.id, now, log);
      unsure = `Paystack reported success but it could not be applied (${outcome})`;
      continue;
    }
    if (IN_PROGRESS.has(verified.status)) {
      inProgress = verified.status;
      continue;
    }
    verdicts.push({
      attempt,
      status: verified.status === "failed" || verified.status === "reversed" ? "failed" : "abandoned",
      message: verified.gatewayResponse ?? `Paystack: ${verified.status}`,
      channel: verified.channel,
    });
  }

  if (attempts.some((a) => a.status === "mismatch")) return leaveForStaff(db, order.id, now, log);
  let notes: string;
  if (unsure !== null) {
    if (overdueMs < giveUpAfterMs) return "waiting";
    notes = `Payment not received, and Paystack could not confirm it for ${describeDuration(overdueMs)} after the payment was due (${unsure}): cancelled anyway by the payment hold, stock returned`;
  } else if (inProgress !== null) {
    if (overdueMs < inProgressGraceMs) return "waiting";
    notes = `Payment still "${inProgress}" with Paystack ${describeDuration(overdueMs)} after it was due: cancelled by the payment hold, stock returned`;
  } else {
    const said = verdicts.map((v) => v.message).join("; ");
    notes = `Payment not received within the payment hold${said ? ` (${said})` : ""}: cancelled, stock returned`;
  }

  const cancelled = await cancelUnpaid(db, { orderId: order.id, attempts, verdicts, notes, now, sender });
  if (!cancelled) return "skipped";
  log.info({ ...context }, "payment hold: overdue order cancelled, stock returned");
  return "cancelled";
}

/**
 * Paystack answered that it does not know this reference (refused, not our key) and the shop
 * never got a checkout page for it: the shop could not reach Paystack when it was created, so
 * nothing was paid through it.
 */
function neverReachedPaystack(attempt: PaymentAttempt, error: unknown): boolean {
  return (
    attempt.status === "created" &&
    error instanceof PaystackError &&
    error.kind === "refused" &&
    error.httpStatus !== 401 &&
    error.httpStatus !== 403
  );
}

/** The decision, under locks: see the module comment. Returns whether this call cancelled the order. */
async function cancelUnpaid(
  db: Db,
  plan: { orderId: string; attempts: PaymentAttempt[]; verdicts: Verdict[]; notes: string; now: Date; sender: StatusEmailSender },
): Promise<boolean> {
  const { orderId, attempts, verdicts, notes, now, sender } = plan;
  const cancelled = await db.transaction(async (tx) => {
    // Attempts first (applyVerifiedTransaction's order). One locked elsewhere is missing here:
    // it is being applied right now. One more than before: a Pay now since the check.
    const claimed = await tx
      .select({ id: paymentAttempts.id, status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(desc(paymentAttempts.createdAt))
      .for("update", { skipLocked: true });
    const known = new Map(attempts.map((a) => [a.id, a.status]));
    if (claimed.length !== attempts.length || claimed.some((a) => !known.has(a.id))) return false;
    if (claimed.some((a) => a.status === "success" || a.status === "mismatch")) return false;

    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), dueCondition(now)))
      .for("update", { skipLocked: true });
    if (!order) return false;

    const verdictOf = new Map(verdicts.map((v) => [v.attempt.id, v]));
    for (const attempt of attempts) {
      if (attempt.status === "failed" || attempt.status === "abandoned") continue;
      const verdict = verdictOf.get(attempt.id);
      await tx
        .update(paymentAttempts)
        .set({
          status: verdict?.status ?? "abandoned",
          gatewayMessage: verdict?.message ?? "Not paid within the payment hold (not confirmed with Paystack)",
          ...(verdict?.channel ? { channel: verdict.channel } : {}),
          updatedAt: now,
        })
        .where(eq(paymentAttempts.id, attempt.id));
    }
    await tx.update(orders).set({ paymentDueAt: null }).where(eq(orders.id, orderId));
    const { changed } = await changeOrderStatus(tx, orderId, "cancelled", PAYMENT_HOLD_CHANGED_BY, notes);
    if (changed) await queuePaymentExpired(tx, orderId, sender);
    return changed;
  });
  if (cancelled) {
    // After the commit (changeOrderStatus announces inside this transaction, where this
    // instance's caches do not hear it): the stock returned may show on product pages.
    forgetOrderSummary(db);
    await announceStorefrontChange(db);
  }
  return cancelled;
}

/**
 * Paystack took another amount or currency for this order: not paid, and not for the hold to
 * cancel either (money was taken). The hold lets go (paymentDueAt cleared) and says so in the
 * history; staff decide (the attempt shows the mismatch).
 */
async function leaveForStaff(db: Db, orderId: string, now: Date, log: PaymentHoldLog): Promise<HoldOutcome> {
  const released = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.orderStatus, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), dueCondition(now)))
      .for("update", { skipLocked: true });
    if (!order) return false;
    await tx.update(orders).set({ paymentDueAt: null, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: order.status,
      paymentStatus: order.paymentStatus,
      notes:
        "Paystack reported another amount or currency for this order: not cancelled automatically; check the payment and refund or confirm it",
      changedBy: PAYMENT_HOLD_CHANGED_BY,
    });
    return true;
  });
  if (!released) return "skipped";
  log.warn({ orderId }, "payment hold: an overdue order has a payment amount mismatch; left for staff");
  return "left-for-staff";
}

function describeDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.floor(minutes / 60)} hours`;
}

/**
 * Runs expireUnpaidOrders every `intervalMs` (default a minute) in the server process, the
 * first round at once. The timer does not keep the process alive; `stop()` waits for the
 * round in progress, so shutdown never cuts a cancellation in half.
 */
export function startPaymentHoldWorker(options: {
  db: Db;
  verify: VerifyPayment;
  log: PaymentHoldLog;
  sender: StatusEmailSender;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { intervalMs = PAYMENT_HOLD_INTERVAL_MS, ...round } = options;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    timer = setTimeout(() => void tick(), ms);
    timer.unref?.();
  };
  const tick = async (): Promise<void> => {
    if (stopped) return;
    running = expireUnpaidOrders(round)
      .then((report) => {
        if (report.checked > 0) options.log.info({ ...report }, "payment hold round");
      })
      .catch((error: unknown) => options.log.error({ err: error }, "payment hold round failed"));
    await running;
    if (!stopped) schedule(intervalMs);
  };
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
