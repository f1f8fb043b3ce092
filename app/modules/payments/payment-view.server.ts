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
  const [latest] = await paymentAttemptsOf(db, order.id);
  if (order.paymentStatus === "paid" || latest?.status === "success")
    return {
      state: "paid",
      method: latest
        ? describeMethod({
            channel: latest.channel,
            card: latest.cardLast4 ? { brand: latest.cardBrand, last4: latest.cardLast4 } : null,
            mobileMoney:
              latest.channel === "mobile_money" ? { network: latest.mobileNetwork, maskedNumber: latest.mobileNumberMasked } : null,
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
