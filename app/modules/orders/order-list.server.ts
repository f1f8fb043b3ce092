import { amountDueNow, balanceOf, hasBalanceDue, recordableAmounts } from "~/modules/payments/order-balance";
import { madeToMeasureOf } from "./order-line-made-to-measure";
import { cashIsDue } from "~/modules/payments/cash-collection";
import { cashToCollectCondition } from "~/modules/payments/cash-collection.server";
import { lineTotal } from "~/modules/pricing/order-totals";
import { countUpTo } from "~/lib/sql-count.server";
import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { paymentDisputes } from "~db/schema/payments";
import { CLOSED_DISPUTE_STATUSES } from "~/modules/payments/dispute-words";
import { OrderNotFoundError } from "~/modules/orders/order-errors";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  MIN_ORDER_SEARCH_LENGTH,
  ORDER_LIST_COUNT_CAP,
  orderIdSchema,
  type AdminOrderFilters,
} from "./order-filters.schema";
import { orderNotesOf } from "./order-fulfilment.server";
import { orderTextMatches } from "./order-text-search.server";
import type { AdminOrderDetails, AdminOrderListing, AdminOrderRow } from "./order-types";
import { shipmentOf } from "./shipping-carriers";
import { productionCondition } from "~/modules/production/production-filter.server";

/**
 * Admin orders: the table (search, filters, paging in the database), the summary cards, the
 * details dialog and payment changes. Order status changes (stock, history, email) stay in
 * the orders module's changeOrderStatus.
 */

export const orderRowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  orderStatus: orders.orderStatus,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
};

type OrderRowData = { [K in keyof typeof orderRowColumns]: (typeof orderRowColumns)[K]["_"]["data"] };

function toRow(row: OrderRowData): AdminOrderRow {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    totalAmount: Number(row.totalAmount),
    currency: row.currency,
    orderStatus: row.orderStatus,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first, in the order of orders_created_idx (created_at DESC NULLS LAST, id). */
export const newestFirst = [sql`${orders.createdAt} desc nulls last`, asc(orders.id)];

/**
 * The WHERE of the filtered list (shared with the CSV export), or "too-short" for a search
 * the trigram index cannot answer. A whole order number ("ORD-123456", any case) is looked
 * up on its unique index; other text matches anywhere in number, name, email or phone
 * (orderTextMatches: the trigram index asked for the text's rarest part).
 */
export async function orderListCondition(db: Db, filters: AdminOrderFilters): Promise<SQL | undefined | "too-short"> {
  const conditions: (SQL | undefined)[] = [];
  const search = (filters.search ?? "").trim().replace(/\s+/g, " ");
  if (search) {
    const orderNumber = /^ORD-?(\d{6})$/i.exec(search);
    if (orderNumber) conditions.push(eq(orders.orderNumber, `ORD-${orderNumber[1]}`));
    else if (search.length < MIN_ORDER_SEARCH_LENGTH) return "too-short";
    else conditions.push(await orderTextMatches(db, search));
  }
  if (filters.status) conditions.push(eq(orders.orderStatus, filters.status));
  if (filters.payment) conditions.push(eq(orders.paymentStatus, filters.payment));
  if (filters.view === "cash-to-collect") conditions.push(cashToCollectCondition());
  if (filters.production) conditions.push(productionCondition(filters.production));
  return and(...conditions);
}

/**
 * One page of orders, newest first, with the number of matches (counted up to
 * ORDER_LIST_COUNT_CAP), each marked when a dispute on it is open. Every query is an index scan,
 * so a million orders page as fast as thirty; the deepest page is the cap's.
 */
export async function listAdminOrders(db: Db, filters: AdminOrderFilters = {}): Promise<AdminOrderListing> {
  const pageSize = Math.min(Math.max(Math.trunc(filters.pageSize ?? ADMIN_ORDERS_PAGE_SIZE), 1), 100);
  const requested = Math.min(Math.max(Math.trunc(filters.page ?? 1), 1), Math.ceil(ORDER_LIST_COUNT_CAP / pageSize));
  const where = await orderListCondition(db, filters);
  if (where === "too-short") {
    return { items: [], total: 0, totalIsCapped: false, page: 1, pageCount: 0, pageSize, searchTooShort: true };
  }
  const pageQuery = (page: number) =>
    db
      .select(orderRowColumns)
      .from(orders)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);

  const [found, firstRows] = await Promise.all([countUpTo(db, orders, where, ORDER_LIST_COUNT_CAP), pageQuery(requested)]);
  const total = Math.min(found, ORDER_LIST_COUNT_CAP);
  const pageCount = Math.ceil(total / pageSize);
  const page = Math.min(requested, Math.max(pageCount, 1));
  const rows = page === requested ? firstRows : await pageQuery(page);
  const disputed = await openDisputeOrderIds(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((row) => ({ ...toRow(row), openDispute: disputed.has(row.id) }));
  return { items, total, totalIsCapped: found > ORDER_LIST_COUNT_CAP, page, pageCount, pageSize, searchTooShort: false };
}

/** Which of these orders (one page) have a dispute still open: one lookup on payment_disputes_order_idx. */
async function openDisputeOrderIds(db: Db, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const found = await db
    .selectDistinct({ orderId: paymentDisputes.orderId })
    .from(paymentDisputes)
    .where(
      and(
        inArray(paymentDisputes.orderId, orderIds),
        isNull(paymentDisputes.resolvedAt),
        notInArray(paymentDisputes.status, [...CLOSED_DISPUTE_STATUSES]),
      ),
    );
  return new Set(found.map((d) => d.orderId));
}

/** An order for the details dialog: customer, totals, items as lines, and who changed what. */
export async function getAdminOrderDetails(db: Db, orderId: string): Promise<AdminOrderDetails> {
  if (!orderIdSchema.safeParse(orderId).success) throw new OrderNotFoundError(`Order ${orderId} not found`);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new OrderNotFoundError(`Order ${orderId} not found`);
  const [items, history, notes] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(sql`${orderStatusHistory.createdAt} desc, ${orderStatusHistory.id} desc`),
    orderNotesOf(db, orderId, ["staff", "customer"]),
  ]);
  return {
    ...toRow(order),
    cash: {
      due: cashIsDue(order) ? Number(order.totalAmount) : null,
      collectedAt: order.cashCollectedAt?.toISOString() ?? null,
      collectedBy: order.cashCollectedBy,
    },
    balance: {
      paid: Number(order.paidAmount),
      deposit: order.depositAmount === null ? null : Number(order.depositAmount),
      owed: balanceOf(order),
      due: amountDueNow(order),
      recordable: recordableAmounts(order),
      blocksShipping: hasBalanceDue(order),
    },
    shipment: shipmentOf(order),
    staffNotes: notes.filter((n) => n.kind === "staff"),
    customerMessages: notes.filter((n) => n.kind === "customer"),
    userId: order.userId,
    customerAddress: order.customerAddress,
    customerCountry: order.customerCountry,
    /** Ghana region code ("GH-AA"), null elsewhere; the zone and estimate as they were at checkout. */
    customerRegion: order.customerRegion,
    shippingZone: order.shippingZone,
    deliveryEstimate: order.deliveryEstimate,
    subtotalAmount: Number(order.subtotalAmount),
    discountAmount: Number(order.discountAmount),
    discountReason: order.discountReason,
    discountCode: order.discountCode,
    discountCodeKind: order.discountCodeKind,
    discountCodeSaving: Number(order.discountCodeSaving),
    shippingAmount: Number(order.shippingAmount),
    notes: order.notes,
    updatedAt: order.updatedAt.toISOString(),
    source: order.source,
    placedBy: order.placedBy,
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      name: i.name,
      category: i.category,
      size: i.size,
      color: i.color,
      quantity: i.quantity,
      unitPrice: Number(i.unitPrice),
      lineTotal: lineTotal({ unitPrice: Number(i.unitPrice), quantity: i.quantity }),
      imageUrl: i.imageUrl,
      madeToMeasure: madeToMeasureOf(i),
    })),
    history: history.map((h) => ({
      status: h.status,
      paymentStatus: h.paymentStatus,
      notes: h.notes,
      changedBy: h.changedBy,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}
