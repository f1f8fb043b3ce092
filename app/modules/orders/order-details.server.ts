import { balanceOf } from "~/modules/payments/order-balance";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { madeToMeasureOf } from "./order-line-made-to-measure";
import { customerMessagesOf } from "./order-fulfilment.server";
import { shipmentOf } from "./shipping-carriers";

/**
 * An order with its items, status history, shipment and the shop's messages to the customer,
 * for the confirmation and tracking pages; null if none. Staff notes are never read here.
 */
export async function getOrderDetails(db: Db, orderId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, history, messages] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
    db
      .select({ status: orderStatusHistory.status, notes: orderStatusHistory.notes, createdAt: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(sql`${orderStatusHistory.createdAt} desc, ${orderStatusHistory.id} desc`),
    customerMessagesOf(db, orderId),
  ]);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerAddress: order.customerAddress,
    customerCountry: order.customerCountry,
    /** Ghana region code ("GH-AA"), null elsewhere; the zone and estimate as they were at checkout. */
    customerRegion: order.customerRegion,
    shippingZone: order.shippingZone,
    deliveryEstimate: order.deliveryEstimate,
    subtotalAmount: Number(order.subtotalAmount),
    /** Staff's discount on an order they took (issue 46), 0 otherwise. */
    discountAmount: Number(order.discountAmount),
    /** The discount code the shopper used (issue 47) and its kind, as they were; null without one. */
    discountCode: order.discountCode,
    discountCodeKind: order.discountCodeKind,
    shippingAmount: Number(order.shippingAmount),
    totalAmount: Number(order.totalAmount),
    /** Paid in parts (docs/decisions/041): what came in, the deposit asked, what it still owes. */
    paidAmount: Number(order.paidAmount),
    depositAmount: order.depositAmount === null ? null : Number(order.depositAmount),
    balanceDue: balanceOf(order),
    currency: order.currency,
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    /** Online orders: held unpaid until then (ISO), null for Pay on Delivery and once paid. */
    paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
    notes: order.notes,
    createdAt: order.createdAt.toISOString(),
    shipment: shipmentOf(order),
    /** The shop's messages about the order, oldest first. */
    messages,
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      name: i.name,
      category: i.category,
      unitPrice: Number(i.unitPrice),
      quantity: i.quantity,
      size: i.size,
      color: i.color,
      imageUrl: i.imageUrl,
      /** Cut to the customer's measurements (no stock taken), or null for a standard size. */
      madeToMeasure: madeToMeasureOf(i),
    })),
    history: history.map((h) => ({ status: h.status, notes: h.notes, createdAt: h.createdAt.toISOString() })),
  };
}
export type OrderDetails = NonNullable<Awaited<ReturnType<typeof getOrderDetails>>>;

/**
 * The tracking lookup: the order number and the email used at checkout must both match
 * (trimmed, case-insensitive). A wrong number and a wrong email give the same answer, null,
 * after the same single query, so the response reveals nothing about which was wrong.
 */
export async function findOrderForTracking(db: Db, orderNumber: string, email: string): Promise<OrderDetails | null> {
  const [match] = await db
    .select({ id: orders.id })
    .from(orders)
    // Order numbers are stored upper-case, so the unique index answers the lookup.
    .where(and(eq(orders.orderNumber, orderNumber.trim().toUpperCase()), sql`lower(${orders.customerEmail}) = lower(${email.trim()})`));
  return match ? getOrderDetails(db, match.id) : null;
}
