/**
 * How staff take orders besides the storefront (issue 46), and how staff-recorded payments are
 * named. Plain data shared by the admin's forms and the server; the database checks the same
 * values (migration 0025).
 */
export const salesChannels = [
  { value: "whatsapp", label: "WhatsApp" },
  { value: "phone", label: "Phone call" },
  { value: "showroom", label: "Showroom (Osu)" },
  { value: "instagram", label: "Instagram" },
  { value: "email", label: "Email" },
  { value: "other", label: "Other" },
] as const;
export type SalesChannel = (typeof salesChannels)[number]["value"];

/** An order's `source`: the storefront's checkout, or a channel staff took it through. */
export function orderSourceLabel(source: string): string {
  if (source === "storefront") return "Online shop";
  if (source === "custom_request") return "Custom request (quote accepted)";
  return salesChannels.find((c) => c.value === source)?.label ?? source;
}

/** Money staff take outside Paystack and record on an order. */
export const recordedPaymentMethods = [
  { value: "cash", label: "Cash" },
  { value: "mobile_money_transfer", label: "Mobile Money to the shop" },
  { value: "bank_transfer", label: "Bank transfer" },
] as const;
export type RecordedPaymentMethod = (typeof recordedPaymentMethods)[number]["value"];

/**
 * Payment methods only staff orders have, as an order's `payment_method`: "payment_link" until
 * the customer pays the link (then the channel they paid with), or how staff were paid.
 */
export const staffPaymentMethodLabels: Readonly<Record<string, string>> = {
  payment_link: "Payment link",
  ...Object.fromEntries(recordedPaymentMethods.map((m) => [m.value, m.label])),
};
