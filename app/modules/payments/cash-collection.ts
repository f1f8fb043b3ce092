/**
 * Pay on Delivery closed out (docs/product-rules.md, "Cash on delivery"; docs/decisions/031):
 * an order paid on delivery, delivered, whose payment is still pending, owes its total in cash.
 * Isomorphic: the order details ask for it, the server records it.
 */
export interface CashDueOrder {
  paymentMethod: string;
  orderStatus: string;
  paymentStatus: string;
}

export function cashIsDue(order: CashDueOrder): boolean {
  return order.paymentMethod === "pay_on_delivery" && order.orderStatus === "delivered" && order.paymentStatus === "pending";
}

/** The orders list's view of delivered, unpaid Pay on Delivery orders (?view=cash-to-collect). */
export const CASH_TO_COLLECT_VIEW = "cash-to-collect";
