import { brand } from "~/lib/brand";
import { currencySymbols, formatMoney, formatMoneyWithCode, toDecimalString, type CurrencyCode } from "~/lib/money";
import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";

const isCurrencyCode = (code: string): code is CurrencyCode => code in currencySymbols;

/** "₵120.00" in the order's currency; a code the shop does not know still shows with its amount. */
export function refundMoney(pesewas: number, currency: string): string {
  return isCurrencyCode(currency) ? formatMoney(pesewas, currency) : `${currency} ${toDecimalString(pesewas)}`;
}

export interface RefundEmailData {
  order: { id: string; orderNumber: string; customerName: string; customerEmail: string; currency: string; totalAmount: number };
  /** Pesewas refunded this time. */
  amount: number;
  reason: string;
  /** What has been refunded on the order so far, this refund included. */
  refundedSoFar: number;
  /** Whether everything paid has now been refunded. */
  full: boolean;
  /** Through Paystack (to the card or wallet paid with), or recorded by staff (Pay on Delivery). */
  provider: "paystack" | "manual";
}

/** The customer's email once a refund is processed (kind "refund", queued through the outbox). */
export function refundEmail(data: RefundEmailData, sender: StatusEmailSender): OutgoingEmail {
  const storeName = sender.storeName ?? brand.name;
  const { order } = data;
  const amount = refundMoney(data.amount, order.currency);
  const first = order.customerName.trim().split(/\s+/)[0] || order.customerName;
  const subject = data.full ? `Refund for order ${order.orderNumber}` : `Partial refund for order ${order.orderNumber}`;
  const where =
    data.provider === "paystack"
      ? "The money goes back to the card or mobile money wallet you paid with. Banks and mobile networks can take a few working days to show it."
      : "We have recorded this refund, paid back to you directly rather than through an online payment.";
  const { html, text } = renderEmail({
    storeName,
    preheader: `${amount} refunded for order ${order.orderNumber}`,
    heading: data.full ? "Your payment has been refunded" : "Part of your payment has been refunded",
    paragraphs: [`Dear ${first},`, `We have refunded ${amount} for order ${order.orderNumber}.`, `Reason: ${data.reason}`, where],
    summary: {
      lines: [{ name: `Refund for ${order.orderNumber}`, amount }],
      totals: [
        { label: "Order total", amount: refundMoney(order.totalAmount, order.currency) },
        {
          label: "Refunded so far",
          amount: isCurrencyCode(order.currency)
            ? formatMoneyWithCode(data.refundedSoFar, order.currency)
            : refundMoney(data.refundedSoFar, order.currency),
        },
      ],
    },
    ...(sender.origin ? { button: { label: "View your order", url: `${sender.origin}/order-confirmation/${order.id}` } } : {}),
    footer: `You are receiving this email because you placed an order with ${storeName}. Reply to this email if anything looks wrong.`,
  });
  return { to: order.customerEmail, subject: `${storeName}: ${subject}`, html, text, kind: "refund" };
}
