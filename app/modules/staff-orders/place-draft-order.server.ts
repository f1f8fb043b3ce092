import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orderNotes, orderStatusHistory } from "~db/schema/orders";
import { draftOrders } from "~db/schema/staff-orders";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { OrderRefusedError, outOfStock, payOnDeliveryNotOffered } from "~/modules/orders/order-errors";
import { orderConfirmationEmail, type OrderConfirmationData } from "~/modules/orders/order-emails.server";
import { variantName } from "~/modules/orders/order-line-variant";
import { insertWithFreshNumber } from "~/modules/orders/place-order.server";
import { takeStock } from "~/modules/orders/order-stock.server";
import { sendPaymentLink, type SentPaymentLink } from "~/modules/payments/payment-links.server";
import { recordPayment } from "~/modules/payments/recorded-payments.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { taxSnapshotForOrder } from "~/modules/taxes/tax-settings.server";
import { currencySymbols, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";

const currencyOf = (code: string) => (code in currencySymbols ? code : "GHS") as CurrencyCode;
import { draftOrderProblems } from "./draft-order-rules";
import {
  DraftAlreadyPlacedError,
  DraftNotFoundError,
  DraftRefusedError,
  pricedDraft,
  SHOWROOM_COLLECTION,
  type StaffMember,
} from "./draft-orders.server";
import { salesChannels, type RecordedPaymentMethod } from "./sales-channels";

/**
 * Placing a draft (issue 46, part 1): the draft becomes an order in one transaction, with the
 * draft's row locked so two colleagues (or two clicks) place it once. The lines are priced again
 * from the catalogue by the checkout's code and the stock taken with the checkout's conditional
 * update (nothing oversold, whoever else is buying), the totals are `orderTotals` with the
 * draft's discount, and the order keeps where it came from and who placed it. How it is paid:
 *
 * - link: the order waits for its payment link (method "payment_link"), its stock held until
 *   the link expires; the link is sent (email, and WhatsApp's message for staff);
 * - recorded: staff took the money (cash, mobile money to the shop, a bank transfer): the order
 *   is paid at once (recorded-payments.server.ts), and the customer gets the confirmation and
 *   the receipt;
 * - on-delivery: paid at the door or on collection (Pay on Delivery where the zone offers it, or
 *   collected from the showroom): the customer gets the confirmation.
 */
export type DraftPayment =
  | { kind: "link"; email: boolean }
  | { kind: "recorded"; paymentId: string; method: RecordedPaymentMethod; reference: string; seenTotal: number; part: "deposit" | "full" }
  | { kind: "on-delivery" };

export interface PlacedDraftOrder {
  orderId: string;
  orderNumber: string;
  total: number;
  /** False when the draft had been placed already (a second click, a colleague): nothing changed. */
  placed: boolean;
  link: SentPaymentLink | null;
}

export interface PlaceDraftContext {
  by: StaffMember;
  origin: string;
  storeName: string;
}

/** Why a draft cannot be placed yet, every reason at once, in words for staff. */
export class DraftIncompleteError extends Error {
  override name = "DraftIncompleteError";
  constructor(readonly problems: string[]) {
    super(problems.join(" "));
  }
}

export async function placeDraftOrder(
  db: Db,
  draftId: string,
  payment: DraftPayment,
  context: PlaceDraftContext,
): Promise<PlacedDraftOrder> {
  const sender = { storeName: context.storeName, origin: context.origin };
  const placed = await db.transaction(async (tx) => {
    const [draft] = await tx.select().from(draftOrders).where(eq(draftOrders.id, draftId)).for("update");
    if (!draft) throw new DraftNotFoundError("No such draft");
    if (draft.orderId) throw new DraftAlreadyPlacedError(draft.orderId);
    const priced = await pricedDraft(tx, draft);
    const problems = [...draftOrderProblems(draft), ...priced.problems];
    if (problems.length > 0 || !priced.totals) throw new DraftIncompleteError(problems);
    const totals = priced.totals;
    const settings = await getStoreSettings(tx);
    if (payment.kind === "on-delivery" && priced.delivery.kind === "zone" && !priced.delivery.zone.payOnDelivery)
      throw payOnDeliveryNotOffered(priced.delivery.destination);
    if (payment.kind === "recorded" && payment.seenTotal !== totals.total)
      throw new DraftRefusedError(
        `The total is now ${formatMoneyWithCode(totals.total, currencyOf(settings.currency))}. Check the draft and record the payment again.`,
      );
    if (payment.kind === "link" && settings.currency !== "GHS")
      throw new DraftRefusedError("Payment links take cedi only (Paystack Ghana): the store's currency is not GHS.");

    await takeStock(
      tx,
      priced.lines.flatMap((l) =>
        l.variantId === null || l.productId === null
          ? []
          : [{ variantId: l.variantId, productId: l.productId, name: variantName(l.name, l.color, l.size), quantity: l.quantity }],
      ),
      (short) => outOfStock(short.name, short.productId, short.available),
    );
    const zone = priced.delivery.kind === "zone" ? priced.delivery : null;
    const order = await insertWithFreshNumber(tx, `draft:${draft.id}`, {
      userId: null,
      customerName: draft.customerName,
      customerEmail: draft.customerEmail,
      customerPhone: draft.customerPhone,
      customerAddress: draft.delivery === "collect" ? "Collect from the showroom" : draft.customerAddress,
      customerCountry: draft.customerCountry,
      customerRegion: draft.customerRegion,
      subtotalAmount: totals.subtotal,
      discountAmount: totals.discount,
      discountReason: draft.discountReason,
      shippingAmount: totals.shipping,
      shippingZone: zone ? zone.zone.name : SHOWROOM_COLLECTION.name,
      deliveryEstimate: zone ? zone.estimate : null,
      totalAmount: totals.total,
      depositAmount: priced.deposit,
      currency: settings.currency,
      paymentMethod: payment.kind === "link" ? "payment_link" : "pay_on_delivery",
      idempotencyKey: `draft:${draft.id}`,
      source: draft.channel,
      placedBy: context.by.name,
      // The tax settings in force (decision 045); collected from the showroom is a sale in Ghana.
      taxSnapshot: await taxSnapshotForOrder(tx, { country: zone ? draft.customerCountry : "GH", zone: zone?.zone ?? null }),
    });
    await tx.insert(orderItems).values(
      priced.lines.map((l) => ({
        orderId: order.id,
        productId: l.productId,
        variantId: l.variantId,
        name: l.name,
        category: l.category,
        unitPrice: l.unitPrice,
        originalUnitPrice: l.originalUnitPrice,
        quantity: l.quantity,
        size: l.size,
        color: l.color,
        imageUrl: l.imageUrl,
        measurements: l.measurements,
        madeToMeasureSurcharge: l.madeToMeasureSurcharge,
        madeToMeasureDays: l.kind === "made_to_measure" ? l.productionDays : null,
        kind: l.kind,
        productionDays: l.kind === "custom" ? l.productionDays : null,
      })),
    );
    const channel = salesChannels.find((c) => c.value === draft.channel)?.label ?? draft.channel;
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: "processing",
      paymentStatus: "pending",
      notes: `Order taken by ${context.by.name} (${channel}, draft ${draft.reference})${totals.discount ? `; discount: ${draft.discountReason}` : ""}`,
      changedBy: context.by.name,
      isInitial: true,
    });
    if (draft.notes)
      await tx
        .insert(orderNotes)
        .values({ orderId: order.id, kind: "staff", body: draft.notes, authorId: context.by.userId, authorName: context.by.name });
    await tx
      .update(draftOrders)
      .set({ orderId: order.id, updatedBy: context.by.name, updatedAt: new Date() })
      .where(eq(draftOrders.id, draft.id));

    let link: SentPaymentLink | null = null;
    if (payment.kind === "link") {
      // The stock taken above is held while the link is open (sendPaymentLink sets the due time).
      link = await sendPaymentLink(tx, order.id, {
        by: context.by,
        email: payment.email,
        origin: context.origin,
        storeName: context.storeName,
      });
    } else {
      const confirmation: OrderConfirmationData = {
        storeName: context.storeName,
        origin: context.origin,
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: draft.customerName,
        customerEmail: draft.customerEmail,
        paymentMethod: "pay_on_delivery",
        currency: (settings.currency in currencySymbols ? settings.currency : "GHS") as CurrencyCode,
        ...totals,
        destination: zone ? zone.destination : SHOWROOM_COLLECTION.name,
        shippingZone: zone ? zone.zone.name : SHOWROOM_COLLECTION.name,
        deliveryEstimate: zone ? zone.estimate : "ready to collect once made",
        lines: priced.lines.map((l) => ({
          name: l.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          size: l.size,
          color: l.color,
          madeToMeasure:
            l.kind === "made_to_measure" && l.measurements
              ? { measurements: l.measurements, surcharge: l.madeToMeasureSurcharge ?? 0, days: l.productionDays ?? 0 }
              : null,
        })),
        heldUntil: null,
        timeZone: settings.timezone,
      };
      // Paid already: the receipt (with the lines and totals) is the customer's confirmation.
      if (payment.kind === "on-delivery") await queueEmail(tx, orderConfirmationEmail(confirmation));
      else {
        const recorded = await recordPayment(
          tx,
          {
            paymentId: payment.paymentId,
            orderId: order.id,
            method: payment.method,
            reference: payment.reference,
            // The deposit the order now asks, or its total: never a figure from the form.
            amount: payment.part === "deposit" && priced.deposit !== null ? priced.deposit : totals.total,
            by: context.by,
          },
          sender,
        );
        if (!recorded.ok) throw new DraftRefusedError(recorded.message);
      }
    }
    return { orderId: order.id, orderNumber: order.orderNumber, total: totals.total, placed: true, link };
  });
  return placed;
}

/** True when an error is one staff can act on (shown on the draft, nothing changed). */
export function isDraftRefusal(error: unknown): error is Error {
  return (
    error instanceof DraftIncompleteError ||
    error instanceof DraftRefusedError ||
    error instanceof OrderRefusedError ||
    error instanceof DraftAlreadyPlacedError
  );
}
