import { eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { paymentAttempts } from "~db/schema/payments";
import type { Config } from "~/env.server";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { consumeRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { amountDueNow } from "./order-balance";
import {
  applyVerifiedTransaction,
  createPaymentAttempt,
  paymentAttemptsOf,
  type OnlineChannel,
  type PaymentAttempt,
  type PaymentOutcome,
} from "./payment-attempts.server";
import {
  initializeTransaction,
  isDuplicateReference,
  PaystackError,
  verifyTransaction,
  type PaystackClientConfig,
} from "./paystack-client.server";

/**
 * Paying an order online, from the shop's side: send the shopper to Paystack's checkout for
 * exactly what the order asks now (from the database: its total, or its deposit), and read back what happened (callback, page
 * refresh) by asking Paystack, never by believing the browser.
 */

/** Paystack as configured, or null: the shop then takes Pay on Delivery only. */
export function paystackConfigOf(config: Pick<Config, "paystack">): PaystackClientConfig | null {
  const { secretKey, apiUrl } = config.paystack;
  return secretKey ? { secretKey, apiUrl } : null;
}

/**
 * Where Paystack's hosted checkout lives: checkout.paystack.com, and the API's own origin when
 * PAYSTACK_API_URL names another server (the local stand-in serves its checkout pages there).
 * A page whose plain form is answered with a redirect there must allow it (form-action).
 */
export function paystackCheckoutOrigins(config: Pick<Config, "paystack">): string[] {
  const origins = ["https://checkout.paystack.com"];
  const api = new URL(config.paystack.apiUrl).origin;
  if (api !== "https://api.paystack.co" && !origins.includes(api)) origins.push(api);
  return origins;
}

/** Card and Mobile Money are offered when Paystack is connected and prices are in cedi (Paystack Ghana charges GHS). */
export function onlinePaymentAvailable(config: Pick<Config, "paystack">, currency: string): boolean {
  return paystackConfigOf(config) !== null && currency === "GHS";
}

export const ONLINE_PAYMENT_UNAVAILABLE = "Online payment is not available yet. Please choose Pay on Delivery.";

export type StartPaymentResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * Sends the shopper to Paystack for an order still waiting for its online payment: its open
 * attempt, or (after a decline, an abandoned checkout or a lost answer) a new one. If Paystack
 * cannot be reached or refuses, nothing is lost: the order stays held and the page offers Pay now.
 */
export async function startOnlinePayment(
  db: Db,
  paystack: PaystackClientConfig,
  { orderId, origin }: { orderId: string; origin: string },
): Promise<StartPaymentResult> {
  const [order] = await db
    .select({
      id: orders.id,
      email: orders.customerEmail,
      orderNumber: orders.orderNumber,
      totalAmount: orders.totalAmount,
      paidAmount: orders.paidAmount,
      depositAmount: orders.depositAmount,
      currency: orders.currency,
      method: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      status: orders.orderStatus,
      dueAt: orders.paymentDueAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || !isOnlinePayment(order.method)) return { ok: false, message: "This order is not paid online." };
  // Its deposit when it asks one (docs/decisions/041), else its total.
  const due = order ? amountDueNow(order) : null;
  if (!due) return { ok: false, message: "This order is already paid. Thank you!" };
  if (order.status === "cancelled" || !order.dueAt || order.dueAt <= new Date())
    return { ok: false, message: "This order is no longer held for payment. Please place a new order." };
  if (order.currency !== "GHS") return { ok: false, message: ONLINE_PAYMENT_UNAVAILABLE };
  const payable: PayableOrder = { ...order, total: due.amount, method: order.method, currency: order.currency };
  return sendOrderToPaystack(db, paystack, payable, origin);
}

/**
 * Sends an order (already checked payable: not paid, still held or asked for by a payment link)
 * to Paystack for `payable.total`: its open attempt for that amount and channel, or (after a
 * decline, an abandoned checkout or a lost answer) a new one. If Paystack cannot be reached or
 * refuses, nothing is lost: the order stays as it was and the shopper can try again.
 */
export async function sendOrderToPaystack(
  db: Db,
  paystack: PaystackClientConfig,
  payable: PayableOrder,
  origin: string,
): Promise<StartPaymentResult> {
  const [latest] = await paymentAttemptsOf(db, payable.id);
  if (latest?.status === "mismatch")
    return { ok: false, message: "We are checking a payment on this order. Please contact us before paying again." };
  const sameAsk = latest?.amount === payable.total && latest.requestedChannel === payable.method;
  if (latest?.status === "pending" && latest.authorizationUrl && sameAsk) return { ok: true, url: latest.authorizationUrl };
  // An attempt never sent is sent now; one sent whose answer was lost (sentAt set, no checkout
  // page) keeps its reference for the hold to verify, and a new attempt takes over: Paystack
  // would refuse the same reference twice ("Duplicate Transaction Reference").
  let attempt = latest?.status === "created" && !latest.sentAt && sameAsk ? latest : await newAttempt(db, payable);
  for (let tries = 0; ; tries++) {
    try {
      return { ok: true, url: await sendAttempt(db, paystack, payable, attempt, origin) };
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      // Paystack has this reference from a try whose answer never came back: once more, anew.
      if (isDuplicateReference(error) && tries === 0) {
        attempt = await newAttempt(db, payable);
        continue;
      }
      return {
        ok: false,
        message:
          error.kind === "refused"
            ? "Our payment provider declined to start this payment. Your order is saved: please try Pay now again in a moment."
            : "We could not reach our payment provider. Your order is saved and held for you: press Pay now to try again.",
      };
    }
  }
}

export interface PayableOrder {
  id: string;
  email: string;
  orderNumber: string;
  total: number;
  currency: "GHS";
  method: OnlineChannel;
}

function newAttempt(db: Db, order: PayableOrder) {
  return createPaymentAttempt(db, { orderId: order.id, amount: order.total, currency: order.currency, channel: order.method });
}

/** Initialises the attempt at Paystack (marked sent first) and records its checkout page. */
async function sendAttempt(db: Db, paystack: PaystackClientConfig, order: PayableOrder, attempt: PaymentAttempt, origin: string) {
  await db.update(paymentAttempts).set({ sentAt: new Date(), updatedAt: new Date() }).where(eq(paymentAttempts.id, attempt.id));
  const started = await initializeTransaction(paystack, {
    email: order.email,
    amount: attempt.amount,
    // The order's own recorded currency (GHS here: other currencies were refused above).
    currency: order.currency,
    reference: attempt.reference,
    callbackUrl: `${origin}/order-confirmation/${order.id}`,
    channels: [order.method],
    metadata: { orderNumber: order.orderNumber },
  });
  await db
    .update(paymentAttempts)
    .set({ status: "pending", authorizationUrl: started.authorizationUrl, updatedAt: new Date() })
    .where(eq(paymentAttempts.id, attempt.id));
  return started.authorizationUrl;
}

/** How often a page that waits for a payment may ask Paystack about it (the webhook usually answers first). */
const RECHECK_AFTER_MS = 8_000;
/**
 * The way back from Paystack (`?reference=` of the order's attempt) asks Paystack at once, but
 * not on every reload: a few times a minute per attempt, counted in the database every instance
 * shares (a shopper who returns, pays after all and returns again is still checked at once).
 * Past that, the page is an ordinary load: the recorded state, rechecked as RECHECK_AFTER_MS says.
 */
export const CALLBACK_VERIFY_LIMIT = { limit: 3, windowMs: 60_000 };

/**
 * What Paystack says now about the order's latest attempt, recorded (applyVerifiedTransaction):
 * on the callback (the `reference` Paystack appends must be this order's; a few times a minute,
 * CALLBACK_VERIFY_LIMIT), and while the page
 * waits for a payment still pending (mobile money approved on the phone), at most every few
 * seconds. Paystack unreachable: nothing changes, the page keeps waiting.
 */
export async function refreshPayment(
  db: Db,
  paystack: PaystackClientConfig,
  { orderId, reference, sender }: { orderId: string; reference?: string | null; sender: StatusEmailSender },
): Promise<PaymentOutcome | "not-checked"> {
  const [latest] = await paymentAttemptsOf(db, orderId);
  if (!latest || latest.status === "success" || latest.status === "mismatch") return "not-checked";
  const onCallback =
    reference === latest.reference && (await consumeRateLimit(db, `payment-verify:${latest.reference}`, CALLBACK_VERIFY_LIMIT)).allowed;
  if (!onCallback && (latest.status !== "pending" || Date.now() - latest.updatedAt.getTime() < RECHECK_AFTER_MS)) return "not-checked";
  // Claim this check, so concurrent page loads do not all ask Paystack.
  const claimed = await db
    .update(paymentAttempts)
    .set({ updatedAt: new Date() })
    .where(sql`${paymentAttempts.id} = ${latest.id} and ${paymentAttempts.updatedAt} = ${latest.updatedAt}`)
    .returning({ id: paymentAttempts.id });
  if (!claimed.length && !onCallback) return "not-checked";
  try {
    const verified = await verifyTransaction(paystack, latest.reference);
    return await applyVerifiedTransaction(db, latest.reference, verified, sender);
  } catch (error) {
    if (error instanceof PaystackError) return "not-checked";
    throw error;
  }
}
