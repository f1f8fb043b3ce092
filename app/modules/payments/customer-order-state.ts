import type { OrderPaymentView } from "./payment-view";

/**
 * What the shopper is told about an order, in one place (decision 033): the order's page, the
 * tracking page (also where a signed-in customer opens their own orders) and the confirmation
 * email all say the same thing. An order paid online is confirmed only once it is paid: until
 * then it is "Not paid yet" (or waiting for the payment to land), with what to do and until
 * when its pieces are held, never a green tick or "Processing" beside a declined payment.
 */
export type CustomerOrderStateKey =
  /** Pay on Delivery, or paid online: the workshop is on it. */
  | "confirmed"
  /** Online, declined or never started, still held: pay now, the same way or another. */
  | "not-paid"
  /** Online, Paystack's page is open or mobile money waits for approval on the phone. */
  | "awaiting-payment"
  /** Paystack reported another amount: staff look into it. */
  | "checking"
  /** Online, unpaid when the hold ran out: cancelled, its pieces back on sale. */
  | "expired"
  /** Cancelled by the shop (or the customer, through the shop). */
  | "cancelled";

/** A badge beside the order: `colour` is a key of the status colours (order-status-badge.tsx). */
export interface StateBadge {
  label: string;
  colour: string;
}

export interface CustomerOrderState {
  key: CustomerOrderStateKey;
  /** The page's heading: "Order Confirmed!", or "Not paid yet" for every order held for its payment. */
  heading: string;
  /** good: a tick; waiting: an hourglass; problem: an alert. Only "good" is ever green. */
  tone: "good" | "waiting" | "problem";
  /** What happened and what to do, in a sentence or two (without the hold, see heldUntil). */
  message: string;
  /** Until when the pieces are held for the payment (ISO), while the order waits for it. */
  heldUntil: string | null;
  /** The order's payment and status as badges: while unpaid online, one plain pair ("Not paid", "Held for you"). */
  badges: { payment: StateBadge; order: StateBadge };
}

export const NOT_PAID_YET = "Not paid yet";

/** "Your pieces are held for you until 3 Dec 2026, 07:00 GMT." (the time already in the store's zone). */
export function heldUntilSentence(heldUntilText: string): string {
  return `Your pieces are held for you until ${heldUntilText}; unpaid after that, the order is cancelled and nothing is charged.`;
}

interface StatedOrder {
  paymentStatus: string;
  orderStatus: string;
}

/** "partially_refunded" → "Partially refunded". */
const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");
const asStored = (order: StatedOrder) => ({
  payment: { label: label(order.paymentStatus), colour: order.paymentStatus },
  order: { label: label(order.orderStatus), colour: order.orderStatus },
});

/**
 * The order's state for the shopper, from its statuses and, for an online payment, the payment
 * view worked out on the server (payment-view.server.ts; null for Pay on Delivery).
 */
export function customerOrderState(order: StatedOrder, payment: OrderPaymentView | null): CustomerOrderState {
  const unpaidBadges = (orderLabel: string) => ({
    payment: { label: "Not paid", colour: "failed" },
    order: { label: orderLabel, colour: "held" },
  });
  if (payment && payment.state !== "paid") {
    switch (payment.state) {
      case "failed":
        return {
          key: "not-paid",
          heading: NOT_PAID_YET,
          tone: "problem",
          message:
            "Your payment did not go through and nothing was charged. Try again with Pay now, with the same card or number or another one.",
          heldUntil: payment.heldUntil,
          badges: unpaidBadges("Held for you"),
        };
      case "not-started":
        return {
          key: "not-paid",
          heading: NOT_PAID_YET,
          tone: "problem",
          message:
            "We could not reach our payment provider when you ordered, so nothing was charged. Your order is saved: pay with Pay now.",
          heldUntil: payment.heldUntil,
          badges: unpaidBadges("Held for you"),
        };
      case "waiting":
        return {
          key: "awaiting-payment",
          heading: NOT_PAID_YET,
          tone: "waiting",
          message: payment.mobileMoney
            ? "Approve the payment on your phone when the prompt arrives; this page updates by itself."
            : "Finish paying on Paystack's page; this page updates by itself.",
          heldUntil: payment.heldUntil,
          badges: { payment: { label: "Awaiting payment", colour: "pending" }, order: { label: "Held for you", colour: "held" } },
        };
      case "checking":
        return {
          key: "checking",
          heading: "Payment under review",
          tone: "waiting",
          message:
            "Our payment provider reported an amount that does not match this order. We will be in touch shortly; please do not pay again.",
          heldUntil: null,
          badges: { payment: { label: "Being checked", colour: "pending" }, order: { label: "On hold", colour: "held" } },
        };
      case "expired":
        return {
          key: "expired",
          heading: "Order Cancelled",
          tone: "problem",
          message:
            "We did not receive the payment before the hold ran out, so this order was cancelled and its pieces returned to the shop. Nothing was charged. You are welcome to order again.",
          heldUntil: null,
          badges: { payment: { label: "Not paid", colour: "failed" }, order: { label: "Cancelled", colour: "cancelled" } },
        };
    }
  }
  if (order.orderStatus === "cancelled")
    return {
      key: "cancelled",
      heading: "Order Cancelled",
      tone: "problem",
      message:
        "This order has been cancelled. If you did not expect this, or you have already paid, please contact us and we will sort it out.",
      heldUntil: null,
      badges: asStored(order),
    };
  return {
    key: "confirmed",
    heading: "Order Confirmed!",
    tone: "good",
    message: payment ? "Your payment has been received and our tailors are preparing your order." : "Our tailors are preparing your order.",
    heldUntil: null,
    badges: asStored(order),
  };
}
