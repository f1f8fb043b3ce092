import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders } from "~db/schema/orders";
import { ORDER_HISTORY_PAGE_SIZE } from "./order-history";

/*
 * A signed-in customer's whole order history (docs/product-rules.md §13 "Accounts", decision
 * 046): every order placed while signed in or joined to the account later
 * (customers/guest-orders.server.ts), newest first, a page at a time. Read by the customer's id
 * only: another customer's orders never come into it. orders_user_created_idx answers the page.
 */

export interface OrderHistoryEntry {
  id: string;
  orderNumber: string;
  createdAt: string;
  orderStatus: string;
  paymentStatus: string;
  totalAmount: number;
  currency: string;
  /** Pieces in the order (the sum of its lines' quantities). */
  itemCount: number;
}

export interface OrderHistoryPage {
  orders: OrderHistoryEntry[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of the customer's orders (1-based); a page past the last is empty, with the real count. */
export async function listOrderHistory(db: Db, userId: string, page = 1): Promise<OrderHistoryPage> {
  const wanted = Math.max(1, Math.floor(page));
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.userId, userId));
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / ORDER_HISTORY_PAGE_SIZE));
  if (total === 0 || wanted > pageCount) return { orders: [], page: wanted, pageCount, total };
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      // Spelled out: Drizzle writes columns of a select unqualified, which the subquery would misread.
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_HISTORY_PAGE_SIZE)
    .offset((wanted - 1) * ORDER_HISTORY_PAGE_SIZE);
  return {
    orders: rows.map((r) => ({
      ...r,
      totalAmount: Number(r.totalAmount),
      itemCount: Number(r.itemCount),
      createdAt: r.createdAt.toISOString(),
    })),
    page: wanted,
    pageCount,
    total,
  };
}
