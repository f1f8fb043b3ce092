import type { Db } from "~db/client";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import { describeMethod, paymentAttemptsOf } from "./payment-attempts.server";
import type { OrderPaymentView } from "./payment-view";

interface PayableOrder {
  id: string;
  paymentMethod: string;
  paymentStatus: string;
  orderStatus: string;
  paymentDueAt: Date | string | null;
}

/** The order page's payment state for an order paid online; null for Pay on Delivery. */
export async function orderPaymentView(db: Db, order: PayableOrder): Promise<OrderPaymentView | null> {
  if (!isOnlinePayment(order.paymentMethod)) return null;
  const attempts = await paymentAttemptsOf(db, order.id);
  const latest = attempts[0];
  // The payment that paid the order (the first success: a later one is an extra payment).
  const paid = attempts.findLast((a) => a.status === "success");
  if (order.paymentStatus === "paid" || paid)
    return {
      state: "paid",
      method: paid
        ? describeMethod({
            channel: paid.channel,
            card: paid.cardLast4 ? { brand: paid.cardBrand, last4: paid.cardLast4 } : null,
            mobileMoney: paid.channel === "mobile_money" ? { network: paid.mobileNetwork, maskedNumber: paid.mobileNumberMasked } : null,
          })
        : "online",
    };
  if (latest?.status === "mismatch") return { state: "checking" };
  const dueAt = order.paymentDueAt ? new Date(order.paymentDueAt) : null;
  if (order.orderStatus === "cancelled" || !dueAt || dueAt <= new Date()) return { state: "expired" };
  const heldUntil = dueAt.toISOString();
  if (!latest || latest.status === "created") return { state: "not-started", heldUntil };
  if (latest.status === "pending") return { state: "waiting", mobileMoney: latest.requestedChannel === "mobile_money", heldUntil };
  return { state: "failed", message: latest.gatewayMessage, heldUntil };
}
