import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { lineTotal } from "~/modules/pricing/order-totals";
import type { PaymentPurpose } from "./order-balance";

export interface PaymentLinkEmailData {
  storeName: string;
  customerName: string;
  customerEmail: string;
  orderNumber: string;
  currency: CurrencyCode;
  lines: { name: string; quantity: number; unitPrice: number }[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** What the link asks: the whole total, the deposit, or the balance after what was paid before. */
  ask: { purpose: PaymentPurpose; amount: number; paidBefore: number };
  url: string;
  /** "Fri 5 Dec 2026, 14:00 GMT", in the store's timezone. */
  openUntil: string;
}

/** The customer's "pay for your order" email (issue 46): what the order holds, what it costs, the link and until when it is open. */
export function paymentLinkEmail(data: PaymentLinkEmailData): OutgoingEmail {
  const total = formatMoneyWithCode(data.ask.amount, data.currency);
  const money = (pesewas: number) => formatMoney(pesewas, data.currency);
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `Order ${data.orderNumber}: ${total} to pay by card or mobile money`,
    heading: headings[data.ask.purpose],
    paragraphs: [`Dear ${data.customerName.split(" ")[0] || data.customerName},`, askWords(data, total)],
    summary: {
      lines: data.lines.map((l) => ({ name: l.name, detail: `${l.quantity} × ${money(l.unitPrice)}`, amount: money(lineTotal(l)) })),
      totals: [
        { label: "Subtotal", amount: money(data.subtotal) },
        ...(data.discount ? [{ label: "Discount", amount: `−${money(data.discount)}` }] : []),
        { label: "Delivery", amount: data.shipping === 0 ? "Free" : money(data.shipping) },
        ...(data.ask.purpose === "full"
          ? []
          : [
              { label: "Order total", amount: money(data.total) },
              ...(data.ask.paidBefore > 0 ? [{ label: "Paid before", amount: money(data.ask.paidBefore) }] : []),
            ]),
        { label: data.ask.purpose === "deposit" ? "Deposit to pay now" : "To pay", amount: total },
        ...(data.ask.purpose === "deposit" ? [{ label: "Balance when it is ready", amount: money(data.total - data.ask.amount) }] : []),
      ],
    },
    closing: [`The link is open until ${data.openUntil}. If it has expired, reply to this email and we will send a new one.`],
    button: { label: `Pay ${total}`, url: data.url },
    footer: `You are receiving this email because you ordered from ${data.storeName}. Never share this link: it pays for your order only.`,
  });
  return {
    to: data.customerEmail,
    subject: `Pay for your order ${data.orderNumber} — ${data.storeName}`,
    html,
    text,
    kind: "payment-link",
  };
}

const headings: Record<PaymentPurpose, string> = {
  full: "Your order, ready to pay",
  deposit: "Your deposit, ready to pay",
  balance: "Your garment is ready: the balance",
};

function askWords(data: PaymentLinkEmailData, amount: string): string {
  if (data.ask.purpose === "deposit")
    return `Thank you for your order ${data.orderNumber}. Pay the deposit of ${amount} securely by card or mobile money with the button below (no account is needed), and our tailors begin; the balance is due when your garment is ready.`;
  if (data.ask.purpose === "balance")
    return `Your order ${data.orderNumber} is ready. Pay the balance of ${amount} securely by card or mobile money with the button below: no account is needed.`;
  return `Thank you for your order ${data.orderNumber}. You can pay ${amount} securely by card or mobile money with the button below: no account is needed.`;
}
