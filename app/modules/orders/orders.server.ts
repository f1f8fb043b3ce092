import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { categories, productColors, products } from "~db/schema/catalog";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { multiplyMoney } from "~/lib/money";
import { resolveProductImage } from "~/modules/catalog/catalog.server";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { queueNewOrderAlerts } from "~/modules/email/admin-alerts.server";
import { getStoreSettings, shippingFor } from "~/modules/settings/settings.server";
import { outOfStock, OrderNotFoundError, OrderRefusedError, priceChanged, unavailable } from "./orders.errors";
import type { OrderStatus } from "./orders.constants";
import type { CheckoutInput } from "./orders.schema";
import { orderConfirmationEmail, orderStatusEmailFor, type StatusEmailSender } from "./order-emails.server";

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  totalAmount: number;
  /** False when the same submission had already created this order (a retry or double click). */
  created: boolean;
}

export interface PlaceOrderContext {
  userId: string | null;
  /** Public origin for links in the confirmation email. */
  origin: string;
  storeName: string;
}

/** ORD- and six digits; uniqueness is the database's job (see insertWithFreshNumber). */
export function newOrderNumber(): string {
  return `ORD-${crypto.randomInt(0, 1_000_000).toString().padStart(6, "0")}`;
}

class DuplicateSubmission extends Error {}

/**
 * Places an order in one transaction: prices and stock come from the database (anything the
 * browser says about prices is only compared, never charged), stock is taken with a
 * conditional update so two shoppers can never buy the same last item, and the confirmation
 * email is queued in the same transaction. The same idempotency key always yields one order.
 */
export async function placeOrder(db: Db, input: CheckoutInput, context: PlaceOrderContext): Promise<PlacedOrder> {
  const existing = await findByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { ...existing, created: false };
  if (input.items.length === 0) throw new OrderRefusedError("Cart is empty", "empty");

  try {
    return await db.transaction(async (tx) => {
      const settings = await getStoreSettings(tx);
      const ids = [...new Set(input.items.map((i) => i.productId))];
      const rows = await tx
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          originalPrice: products.originalPrice,
          isActive: products.isActive,
          imageUrl: products.imageUrl,
          categorySlug: categories.slug,
          categoryName: categories.name,
        })
        .from(products)
        .leftJoin(categories, eq(products.categoryId, categories.id))
        .where(inArray(products.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const colors = await tx
        .select({
          productId: productColors.productId,
          position: productColors.position,
          name: productColors.name,
          imageUrl: productColors.imageUrl,
        })
        .from(productColors)
        .where(inArray(productColors.productId, ids));

      // Validate every line against the live catalog before touching stock.
      const lines = input.items.map((item) => {
        const product = byId.get(item.productId);
        if (!product || !product.isActive) throw unavailable(product?.name ?? "An item in your cart", item.productId);
        const price = Number(product.price);
        if (item.seenPrice !== undefined && item.seenPrice !== price) throw priceChanged(product.name, product.id, price);
        const color =
          item.colorIndex === null ? undefined : colors.find((c) => c.productId === product.id && c.position === item.colorIndex);
        return {
          product,
          quantity: item.quantity,
          unitPrice: price,
          size: item.size,
          color: color?.name ?? null,
          imageUrl: color?.imageUrl ?? resolveProductImage({ imageUrl: product.imageUrl, categorySlug: product.categorySlug }),
        };
      });

      // Take the stock: one conditional update per product, in id order (no deadlocks).
      const wanted = new Map<number, number>();
      for (const line of lines) wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.quantity);
      for (const [productId, quantity] of [...wanted].sort(([a], [b]) => a - b)) {
        const taken = await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}` })
          .where(and(eq(products.id, productId), sql`${products.stockQuantity} >= ${quantity}`))
          .returning({ id: products.id });
        if (taken.length === 0) {
          const [left] = await tx.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId));
          throw outOfStock(byId.get(productId)!.name, productId, left?.stock ?? 0);
        }
      }

      const subtotal = lines.reduce((sum, l) => sum + multiplyMoney(l.unitPrice, l.quantity), 0);
      const shipping = shippingFor(subtotal, settings);
      const total = subtotal + shipping;

      const order = await insertWithFreshNumber(tx, input.idempotencyKey, {
        userId: context.userId,
        customerName: input.name,
        customerEmail: input.email,
        customerPhone: input.phone,
        customerAddress: input.address,
        customerCountry: input.country,
        subtotalAmount: subtotal,
        shippingAmount: shipping,
        totalAmount: total,
        currency: settings.currency,
        paymentMethod: input.paymentMethod,
        notes: input.notes,
        idempotencyKey: input.idempotencyKey,
      });

      await tx.insert(orderItems).values(
        lines.map((l) => ({
          orderId: order.id,
          productId: l.product.id,
          name: l.product.name,
          category: l.product.categoryName,
          unitPrice: l.unitPrice,
          originalUnitPrice: l.product.originalPrice === null ? null : Number(l.product.originalPrice),
          quantity: l.quantity,
          size: l.size,
          color: l.color,
          imageUrl: l.imageUrl,
        })),
      );
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        status: "processing",
        paymentStatus: "pending",
        notes: "Order placed",
        changedBy: context.userId ? "customer" : "guest",
        isInitial: true,
      });
      await queueEmail(
        tx,
        orderConfirmationEmail({
          storeName: context.storeName,
          origin: context.origin,
          orderId: order.id,
          orderNumber: order.orderNumber,
          customerName: input.name,
          customerEmail: input.email,
          paymentMethod: input.paymentMethod,
          currency: settings.currency,
          subtotal,
          shipping,
          total,
          lines: lines.map((l) => ({ name: l.product.name, quantity: l.quantity, unitPrice: l.unitPrice, size: l.size, color: l.color })),
        }),
      );
      if (settings.emailNotifications)
        await queueNewOrderAlerts(tx, {
          storeName: context.storeName,
          origin: context.origin,
          orderNumber: order.orderNumber,
          customerName: input.name,
          customerEmail: input.email,
          total,
          currency: settings.currency,
          itemCount: lines.reduce((n, l) => n + l.quantity, 0),
        });
      return { id: order.id, orderNumber: order.orderNumber, totalAmount: total, created: true };
    });
  } catch (error) {
    if (error instanceof DuplicateSubmission) {
      const order = await findByIdempotencyKey(db, input.idempotencyKey);
      if (order) return { ...order, created: false };
    }
    throw error;
  }
}

async function findByIdempotencyKey(db: Db, key: string) {
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalAmount: orders.totalAmount })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return order ? { ...order, totalAmount: Number(order.totalAmount) } : null;
}

/**
 * Inserts the order with a random number, trying another on the rare collision. A concurrent
 * submission with the same idempotency key waits on its unique index and then rolls this
 * transaction back (DuplicateSubmission), returning the stock it took.
 */
async function insertWithFreshNumber(tx: Db, idempotencyKey: string, values: Omit<typeof orders.$inferInsert, "orderNumber">) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: newOrderNumber() })
      .onConflictDoNothing()
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (row) return row;
    const [sameKey] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
    if (sameKey) throw new DuplicateSubmission();
  }
  throw new Error("Could not assign a unique order number");
}

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
 */
export async function changeOrderStatus(
  db: Db,
  orderId: string,
  status: OrderStatus,
  changedBy: string,
  notes?: string,
  options: StatusChangeOptions = {},
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
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
      await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${direction * item.quantity}` })
        .where(eq(products.id, item.productId));
    }
    await tx.update(orders).set({ orderStatus: status, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({ orderId, status, paymentStatus: order.paymentStatus, notes: notes ?? null, changedBy });
    if (options.notifyCustomer) await queueEmail(tx, orderStatusEmailFor(order, { kind: "order", status }, options));
    return { changed: true };
  });
}

/** An order with its items and status history, for the confirmation page; null if none. */
export async function getOrderDetails(db: Db, orderId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
    db
      .select({ status: orderStatusHistory.status, notes: orderStatusHistory.notes, createdAt: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(sql`${orderStatusHistory.createdAt} desc, ${orderStatusHistory.id} desc`),
  ]);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerAddress: order.customerAddress,
    customerCountry: order.customerCountry,
    subtotalAmount: Number(order.subtotalAmount),
    shippingAmount: Number(order.shippingAmount),
    totalAmount: Number(order.totalAmount),
    currency: order.currency,
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    notes: order.notes,
    createdAt: order.createdAt.toISOString(),
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
