/** Order constants shared with the browser (kept apart from the Zod schema). */
export const paymentMethods = [
  { value: "pay_on_delivery", label: "Pay on Delivery", hint: "Cash or MoMo at your door" },
  { value: "card", label: "Card Payment", hint: "Visa, Mastercard" },
  { value: "mobile_money", label: "Mobile Money", hint: "MTN, Telecel, AirtelTigo" },
] as const;
export type PaymentMethod = (typeof paymentMethods)[number]["value"];

/** Paid online through Paystack (its channel of the same name), as opposed to Pay on Delivery. */
export function isOnlinePayment(method: string): method is "card" | "mobile_money" {
  return method === "card" || method === "mobile_money";
}

export const orderStatuses = ["processing", "confirmed", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** Every payment status an order can have (the orders list filters by each). */
/** deposit_paid: a part came in (the order's deposit) and its balance is due (docs/decisions/041). */
export const paymentStatuses = ["pending", "deposit_paid", "paid", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/**
 * What staff may set by hand with the orders list's payment select. Refunded and partially
 * refunded follow the order's refunds (the refund form in the order's details: amount, reason,
 * who; through Paystack for an online order), never a select.
 */
export const manualPaymentStatuses = ["pending", "paid", "failed"] as const satisfies readonly PaymentStatus[];
export type ManualPaymentStatus = (typeof manualPaymentStatuses)[number];
export const isRefundStatus = (status: string): status is "refunded" | "partially_refunded" =>
  status === "refunded" || status === "partially_refunded";
