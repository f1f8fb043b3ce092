import { z } from "zod";
import { parseQuery } from "~/lib/bad-request";
import { listPageParam, listSearchParam } from "~/lib/list-params";
import {
  manualPaymentStatuses,
  orderStatuses,
  paymentStatuses,
  type OrderStatus,
  type PaymentStatus,
} from "~/modules/orders/order-constants";
import { productionFilters, type ProductionFilter } from "~/modules/production/production-steps";

/** Admin orders table: filters as they appear in the URL (?q=&status=&payment=&view=&production=&page=). */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
/**
 * Searches match anywhere in number, name, email and phone through a trigram index, which
 * needs three characters; a shorter search would read every order, so it is not run.
 */
export const MIN_ORDER_SEARCH_LENGTH = 3;
/** Counting every match of a broad filter over a million orders costs more than the page. */
export const ORDER_LIST_COUNT_CAP = 10_000;

export interface AdminOrderFilters {
  /** Order number, customer name, email or phone; trimmed, case-insensitive. */
  search?: string;
  status?: OrderStatus;
  payment?: PaymentStatus;
  /** "cash-to-collect": delivered Pay on Delivery orders whose cash is not recorded yet. */
  view?: OrderListView;
  /** Made-to-measure and custom orders at a production step, or not started (decision 040). */
  production?: ProductionFilter;
  page?: number;
  pageSize?: number;
}

/** Saved views of the orders list (?view=): cash-to-collect (app/modules/payments/cash-collection.ts). */
export const orderListViews = ["cash-to-collect"] as const;
export type OrderListView = (typeof orderListViews)[number];

/** Bad values fall back to "all", so a hand-edited link still shows the table. */
export const adminOrderFiltersSchema = z.object({
  q: listSearchParam,
  status: z.enum(orderStatuses).optional().catch(undefined),
  payment: z.enum(paymentStatuses).optional().catch(undefined),
  view: z.enum(orderListViews).optional().catch(undefined),
  production: z.enum(productionFilters).optional().catch(undefined),
  page: listPageParam,
});

export function parseAdminOrderFilters(params: URLSearchParams): AdminOrderFilters {
  const parsed = parseQuery(adminOrderFiltersSchema, Object.fromEntries(params));
  return {
    search: parsed.q,
    status: parsed.status,
    payment: parsed.payment,
    view: parsed.view,
    production: parsed.production,
    page: parsed.page,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
  };
}

/** Order ids are uuids; anything else is not an order (and would make PostgreSQL complain). */
export const orderIdSchema = z.uuid({ error: "Order not found" });

/**
 * The inline selects of the orders table: one field each, saved at once. The payment select
 * sets pending, paid or failed only: refunds go through the refund form.
 */
export const orderStatusFormSchema = z.object({
  orderId: orderIdSchema,
  status: z.enum(orderStatuses, { error: "Choose an order status" }),
});
export const paymentStatusFormSchema = z.object({
  orderId: orderIdSchema,
  paymentStatus: z.enum(manualPaymentStatuses, {
    error: "Choose pending, paid or failed. Refunds are made with Refund in the order's details.",
  }),
});
