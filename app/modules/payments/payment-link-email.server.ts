import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { lineTotal } from "~/modules/pricing/order-totals";

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
  url: string;
  /** "Fri 5 Dec 2026, 14:00 GMT", in the store's timezone. */
  openUntil: string;
}

/** The customer's "pay for your order" email (issue 46): what the order holds, what it costs, the link and until when it is open. */
export function paymentLinkEmail(data: PaymentLinkEmailData): OutgoingEmail {
  const total = formatMoneyWithCode(data.total, data.currency);
  const money = (pesewas: number) => formatMoney(pesewas, data.currency);
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `Order ${data.orderNumber}: ${total} to pay by card or mobile money`,
    heading: "Your order, ready to pay",
    paragraphs: [
      `Dear ${data.customerName.split(" ")[0] || data.customerName},`,
      `Thank you for your order ${data.orderNumber}. You can pay ${total} securely by card or mobile money with the button below: no account is needed.`,
    ],
    summary: {
      lines: data.lines.map((l) => ({ name: l.name, detail: `${l.quantity} × ${money(l.unitPrice)}`, amount: money(lineTotal(l)) })),
      totals: [
        { label: "Subtotal", amount: money(data.subtotal) },
        ...(data.discount ? [{ label: "Discount", amount: `−${money(data.discount)}` }] : []),
        { label: "Delivery", amount: data.shipping === 0 ? "Free" : money(data.shipping) },
        { label: "To pay", amount: total },
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
