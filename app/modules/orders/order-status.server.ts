import { eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { products } from "~db/schema/catalog";
import { stockChangeIsVisible } from "~/modules/catalog/stock-level";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { orders, orderItems, orderStatusHistory } from "~db/schema/orders";
import { queueEmail } from "~/modules/email/email-outbox.server";
import type { OrderStatus, PaymentStatus } from "./order-constants";
import { orderStatusEmailFor, type StatusEmailSender } from "./order-emails.server";
import { OrderNotFoundError } from "./order-errors";
import { orderIdSchema } from "./order-filters.schema";
import { forgetOrderSummary } from "./order-summary.server";

/** How a status change tells the customer (the admin "Order notifications" switch). */
export interface StatusChangeOptions extends StatusEmailSender {
  /** Queue an email to the customer, in the same transaction as the change. */
  notifyCustomer?: boolean;
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
};

/**
 * Changes an order's status and writes the history with who made the change. Moving to
 * cancelled returns the stock; moving away from cancelled takes it again. The order row is
 * locked, so repeated or concurrent cancellations return the stock once. With
 * `notifyCustomer`, the customer's email is queued with the change (and only if it changed).
 * When the stock it moves crosses into, out of or within the low-stock range (what the product
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
    if (order.status === status) return { changed: false };

    const items = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const direction = status === "cancelled" ? 1 : order.status === "cancelled" ? -1 : 0;
    for (const item of items) {
      if (direction === 0 || item.productId === null) continue;
      const moved = direction * item.quantity;
      const [row] = await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${moved}` })
        .where(eq(products.id, item.productId))
        .returning({ stock: products.stockQuantity });
      if (row && stockChangeIsVisible(row.stock - moved, row.stock)) stockVisiblyChanged = true;
    }
    await tx.update(orders).set({ orderStatus: status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({ orderId, status, paymentStatus: order.paymentStatus, notes: notes ?? null, changedBy });
    if (options.notifyCustomer) await queueEmail(tx, orderStatusEmailFor(order, { kind: "order", status }, options));
    return { changed: true };
  });
  if (stockVisiblyChanged) await announceStorefrontChange(db);
  return result;
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
  paid: "Payment received",
  failed: "Payment failed",
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
