import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~db/client";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { orders, orderItems, orderStatusHistory } from "~db/schema/orders";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { currencySymbols, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { balanceOf, hasBalanceDue } from "~/modules/payments/order-balance";
import type { OrderStatus, PaymentStatus } from "./order-constants";
import { orderStatusEmailFor, type StatusEmailSender } from "./order-emails.server";
import { OrderNotFoundError, StockGoneError } from "./order-errors";
import { orderIdSchema } from "./order-filters.schema";
import { forgetOrderSummary } from "./order-summary.server";
import { returnStock, takeStock, type StockLine } from "./order-stock.server";
import { variantName } from "./order-line-variant";
import type { Shipment } from "./shipping-carriers";
import { giveBackCodeUse, retakeCodeUse } from "~/modules/discounts/discount-codes.server";

/** How a status change tells the customer (the admin "Order notifications" switch). */
export interface StatusChangeOptions extends StatusEmailSender {
  /** Queue an email to the customer, in the same transaction as the change. */
  notifyCustomer?: boolean;
  /**
   * Carrier and tracking, saved on the order in the same transaction as the change (marking it
   * shipped from the order details), even when the status was already the one asked for; the
   * shipped email names them.
   */
  shipment?: Shipment;
  /**
   * Why an order whose balance is still due ships anyway (docs/decisions/041): without it,
   * shipping or delivering such an order is refused with BalanceDueError; with it, the history
   * records the balance, the reason and who.
   */
  balanceOverride?: string;
}

/** Shipping (or delivering) an order whose balance is still due, without a reason to. */
export class BalanceDueError extends Error {
  override name = "BalanceDueError";
}

/** The order columns a status change reads (and locks). */
export const statusChangeColumns = {
  id: orders.id,
  status: orders.orderStatus,
  paymentStatus: orders.paymentStatus,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  currency: orders.currency,
  totalAmount: orders.totalAmount,
  paidAmount: orders.paidAmount,
  depositAmount: orders.depositAmount,
  // For the shipped email's delivery line.
  customerCountry: orders.customerCountry,
  customerRegion: orders.customerRegion,
  shippingZone: orders.shippingZone,
  deliveryEstimate: orders.deliveryEstimate,
};

/**
 * Changes an order's status and writes the history with who made the change. Moving to
 * cancelled returns the stock; moving away from cancelled takes it again with the same rule as
 * placing an order (takeStock: never below zero, whatever runs at the same time), or refuses
 * with StockGoneError naming the product when it has been sold meanwhile, changing nothing.
 * The order row is locked, so repeated or concurrent cancellations return the stock once and
 * concurrent reactivations take it once. With `notifyCustomer`, the customer's email is queued
 * with the change (and only if it changed). When the stock it moves crosses into, out of or within the low-stock range (what the product
 * page shows; stockChangeIsVisible), a storefront change is announced after the commit.
 */
export async function changeOrderStatus(
  db: Db,
  orderId: string,
  status: OrderStatus,
  changedBy: string,
  notes?: string,
  options: StatusChangeOptions = {},
): Promise<{ changed: boolean }> {
  let stockVisiblyChanged = false;
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select(statusChangeColumns).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new OrderNotFoundError(`Order ${orderId} not found`);
    // The shipment is written with the status (one write of the row: one entry in the activity
    // log, decision 049), or alone when the status stays as it was.
    const shipment = options.shipment ? shipmentColumns(options.shipment) : {};
    if (order.status === status) {
      if (options.shipment) await tx.update(orders).set(shipment).where(eq(orders.id, orderId));
      return { changed: false };
    }
    const balanceNote = balanceCheck(order, status, options.balanceOverride, changedBy);

    const reactivating = order.status === "cancelled";
    if (status === "cancelled" || reactivating) {
      const items = await orderStockLines(tx, orderId);
      stockVisiblyChanged = reactivating
        ? await takeStock(tx, items, (short) => new StockGoneError(short.productId, short.name, short.wanted, short.available))
        : await returnStock(tx, items);
      // A discount code's use: given back when the order is cancelled before any money came in,
      // counted again if staff bring it back (decision 044). Under this row lock, so once.
      if (reactivating) await retakeCodeUse(tx, orderId);
      else if (order.paidAmount === 0 && (order.paymentStatus === "pending" || order.paymentStatus === "failed"))
        await giveBackCodeUse(tx, orderId);
    }
    await tx
      .update(orders)
      .set({ ...shipment, orderStatus: status, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    const note = [notes, balanceNote].filter(Boolean).join(". ") || null;
    await tx.insert(orderStatusHistory).values({ orderId, status, paymentStatus: order.paymentStatus, notes: note, changedBy });
    if (options.notifyCustomer)
      await queueEmail(tx, orderStatusEmailFor(order, { kind: "order", status, shipment: options.shipment }, options));
    return { changed: true };
  });
  if (stockVisiblyChanged) await announceStorefrontChange(db);
  return result;
}

/**
 * An order leaving the workshop with its balance still due: refused without a reason, else the
 * history's words for it ("Shipped with ₵725.00 still due: …, by Ama").
 */
function balanceCheck(
  order: {
    status: string;
    orderNumber: string;
    currency: string;
    totalAmount: number;
    paidAmount: number;
    depositAmount: number | null;
    paymentStatus: string;
  },
  status: OrderStatus,
  override: string | undefined,
  changedBy: string,
): string | null {
  const leaving = (status === "shipped" || status === "delivered") && order.status !== "shipped" && order.status !== "delivered";
  if (!leaving || !hasBalanceDue(order)) return null;
  const due = formatMoneyWithCode(balanceOf(order), (order.currency in currencySymbols ? order.currency : "GHS") as CurrencyCode);
  const reason = override?.trim();
  if (!reason)
    throw new BalanceDueError(
      `Order ${order.orderNumber} still owes ${due}. Send the balance link or record the payment first, or give a reason to ${status === "shipped" ? "ship" : "deliver"} it anyway.`,
    );
  return `${status === "shipped" ? "Shipped" : "Delivered"} with ${due} still due: ${reason} (by ${changedBy})`;
}

/** The order columns of a shipment (orders.shipping_carrier, tracking_number, tracking_url). */
export function shipmentColumns(shipment: Shipment) {
  return {
    shippingCarrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    updatedAt: new Date(),
  };
}

/**
 * What the order took of each variant still in the catalog. Lines whose variant was deleted
 * (variant_id set null: the product, its colour or its size is gone) and made-to-measure lines
 * (cut for the customer, never taken from stock) have no stock to give back or take.
 */
async function orderStockLines(tx: Db, orderId: string): Promise<StockLine[]> {
  const rows = await tx
    .select({
      variantId: orderItems.variantId,
      productId: orderItems.productId,
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.variantId), isNull(orderItems.measurements)));
  return rows.flatMap(({ variantId, productId, name, color, size, quantity }) =>
    variantId === null ? [] : [{ variantId, productId: productId ?? 0, name: variantName(name, color, size), quantity }],
  );
}

export interface AdminStatusChange extends StatusChangeOptions {
  /** Written to the history: the admin's name or email. */
  changedBy: string;
  notes?: string;
}

/**
 * The inline order status select: changeOrderStatus of the orders module (stock returned on
 * cancel, once; history with who; the customer's email when notifyCustomer is on), and the
 * summary cards refreshed.
 */
export async function changeOrderStatusAsAdmin(
  db: Db,
  orderId: string,
  status: OrderStatus,
  change: AdminStatusChange,
): Promise<{ changed: boolean }> {
  if (!orderIdSchema.safeParse(orderId).success) throw new OrderNotFoundError(`Order ${orderId} not found`);
  const result = await changeOrderStatus(db, orderId, status, change.changedBy, change.notes, change);
  if (result.changed) forgetOrderSummary(db);
  return result;
}

const paymentNotes: Record<PaymentStatus, string> = {
  pending: "Payment marked as pending",
  deposit_paid: "Deposit received",
  paid: "Payment received",
  failed: "Payment failed",
  refunded: "Payment refunded",
  partially_refunded: "Payment partly refunded",
};

/**
 * The inline payment select: sets the payment status and writes a history entry with who
 * made the change (the order status stays; the note says what happened to the payment, and
 * the customer's timeline shows it). The order row is locked, so two admins changing it at
 * once write one entry each, in turn. With notifyCustomer, the email is queued in the same
 * transaction; nothing happens when the status is already the one asked for.
 */
export async function changePaymentStatus(
  db: Db,
  orderId: string,
  status: PaymentStatus,
  change: AdminStatusChange,
): Promise<{ changed: boolean }> {
  if (!orderIdSchema.safeParse(orderId).success) throw new OrderNotFoundError(`Order ${orderId} not found`);
  const result = await db.transaction(async (tx) => {
    const [order] = await tx.select(statusChangeColumns).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new OrderNotFoundError(`Order ${orderId} not found`);
    if (order.paymentStatus === status) return { changed: false };
    await tx.update(orders).set({ paymentStatus: status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: order.status,
      paymentStatus: status,
      notes: change.notes ?? paymentNotes[status],
      changedBy: change.changedBy,
    });
    if (change.notifyCustomer) await queueEmail(tx, orderStatusEmailFor(order, { kind: "payment", status }, change));
    return { changed: true };
  });
  if (result.changed) forgetOrderSummary(db);
  return result;
}
