/** Order constants shared with the browser (kept apart from the Zod schema). */
export const paymentMethods = [
  { value: "pay_on_delivery", label: "Pay on Delivery", hint: "Cash or MoMo at your door, Ghana only" },
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
export const paymentStatuses = ["pending", "paid", "failed"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
