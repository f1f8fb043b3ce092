import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { getOrderDetails, type OrderDetails } from "~/modules/orders/order-details.server";

/** docs/product-rules.md §9: the "Your Recent Orders" card lists five. */
export const RECENT_ORDERS_LIMIT = 5;

export interface RecentOrder {
  id: string;
  orderNumber: string;
  totalAmount: number;
  currency: string;
  orderStatus: string;
  paymentStatus: string;
  createdAt: string;
}

/** The signed-in customer's newest orders (orders_user_created_idx answers it). */
export async function listRecentOrdersForUser(db: Db, userId: string, limit = RECENT_ORDERS_LIMIT): Promise<RecentOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, totalAmount: Number(r.totalAmount), createdAt: r.createdAt.toISOString() }));
}

/** One of the customer's own orders, or null when it is not theirs (or does not exist). */
export async function findOrderForUser(db: Db, orderId: string, userId: string): Promise<OrderDetails | null> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return own ? getOrderDetails(db, own.id) : null;
}
