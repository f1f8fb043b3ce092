import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { customRequests } from "~db/schema/custom";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { quotes } from "~db/schema/quotes";
import { localDay } from "~/lib/dates";
import { insertWithFreshNumber } from "~/modules/orders/place-order.server";
import { amountDueNow } from "~/modules/payments/order-balance";
import { PaymentLinkRefusedError, sendPaymentLink } from "~/modules/payments/payment-links.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { SHOWROOM_COLLECTION } from "~/modules/staff-orders/draft-orders.server";
import { taxSnapshotForOrder } from "~/modules/taxes/tax-settings.server";
import { quoteLinesOf, quoteState, quoteTotal } from "./quote-lines";
import { quoteByToken } from "./quotes.server";
import { QUOTE_CLOSED } from "./quote-words";

/**
 * The customer accepts a quote (issue 46, part 4; docs/decisions/042). In one transaction with
 * the quote's row (then the request's) locked:
 *
 * - an expired, declined or replaced quote is refused and nothing changes;
 * - an open one becomes an order: its lines as custom pieces (kind "custom", with their
 *   production days), its total and deposit exactly as the quote row has them (nothing posted is
 *   read), collection from the showroom, `source` "custom_request", to be paid by link; the quote
 *   and the request read "accepted", and the quote keeps the order's id;
 * - an accepted one (a second click, a second tab) makes no second order: it goes on to the same
 *   order's payment, or to the order's page once nothing is due.
 *
 * Either way the customer is then sent to a fresh payment link for what the order asks now (the
 * deposit at first: payment-links.server.ts), which pays by card or mobile money through Paystack.
 */
export type AcceptedQuote =
  | { ok: true; next: "pay"; payUrl: string; orderId: string; created: boolean }
  | { ok: true; next: "order"; orderId: string; created: false }
  | { ok: false; message: string };

/** Who the order's history names for what the customer did on the quote's page. */
const CUSTOMER = { name: "the customer (quote accepted)" };

export const QUOTE_ORDER_LAPSED =
  "The order from this quote was cancelled because the deposit was not paid in time. Please contact us and we will send you a new quote.";

export async function acceptQuote(
  db: Db,
  token: string,
  context: { origin: string; storeName: string; now?: Date },
): Promise<AcceptedQuote> {
  const now = context.now ?? new Date();
  return db.transaction(async (tx): Promise<AcceptedQuote> => {
    const found = await quoteByToken(tx, token, true);
    if (!found) return { ok: false, message: QUOTE_CLOSED.unknown };
    const { quote } = found;
    const settings = await getStoreSettings(tx);
    const state = quoteState(quote, localDay(settings.timezone, now));
    if (state !== "open" && state !== "accepted") return { ok: false, message: QUOTE_CLOSED[state] };

    let orderId = quote.orderId;
    const created = orderId === null;
    if (state === "open") orderId = await orderFromQuote(tx, found, now);
    if (!orderId) return { ok: false, message: QUOTE_ORDER_LAPSED };

    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order || order.orderStatus === "cancelled") return { ok: false, message: QUOTE_ORDER_LAPSED };
    if (!amountDueNow(order)) return { ok: true, next: "order", orderId, created: false };
    try {
      const link = await sendPaymentLink(tx, orderId, {
        by: CUSTOMER,
        email: false,
        origin: context.origin,
        storeName: context.storeName,
        now,
      });
      return { ok: true, next: "pay", payUrl: link.url, orderId, created };
    } catch (error) {
      if (error instanceof PaymentLinkRefusedError) return { ok: false, message: error.message };
      throw error;
    }
  });
}

/** The order an open quote becomes, written in the caller's transaction (rows locked). */
async function orderFromQuote(
  tx: Db,
  { quote, request }: NonNullable<Awaited<ReturnType<typeof quoteByToken>>>,
  now: Date,
): Promise<string> {
  const lines = quoteLinesOf(quote.lines);
  const total = quoteTotal(lines);
  // The quote row is the one truth; its stored total must be its lines' sum.
  if (total !== quote.totalAmount) throw new Error(`Quote ${quote.id} total does not match its lines`);
  const order = await insertWithFreshNumber(tx, `quote:${quote.id}`, {
    userId: request.userId,
    customerName: request.name,
    customerEmail: request.email,
    customerPhone: request.phone,
    customerAddress: "Collect from the showroom",
    customerCountry: "GH",
    customerRegion: null,
    subtotalAmount: total,
    discountAmount: 0,
    shippingAmount: 0,
    shippingZone: SHOWROOM_COLLECTION.name,
    // As for staff orders collected from the showroom: no delivery estimate; each line keeps its days.
    deliveryEstimate: null,
    totalAmount: total,
    depositAmount: quote.depositAmount,
    currency: quote.currency,
    paymentMethod: "payment_link",
    idempotencyKey: `quote:${quote.id}`,
    source: "custom_request",
    placedBy: quote.createdBy,
    // The tax settings in force when accepted (decision 045): collected from the showroom, a sale in Ghana.
    taxSnapshot: await taxSnapshotForOrder(tx, { country: "GH", zone: null }),
  });
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      orderId: order.id,
      productId: null,
      variantId: null,
      name: l.description,
      category: null,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      kind: "custom",
      productionDays: l.productionDays,
    })),
  );
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    status: "processing",
    paymentStatus: "pending",
    notes: `Quote ${quote.version} for custom request ${request.reference} (written by ${quote.createdBy}) accepted by the customer`,
    changedBy: CUSTOMER.name,
    isInitial: true,
  });
  await tx.update(quotes).set({ status: "accepted", acceptedAt: now, orderId: order.id }).where(eq(quotes.id, quote.id));
  await tx.update(customRequests).set({ status: "accepted", updatedAt: now }).where(eq(customRequests.id, request.id));
  return order.id;
}
