import { formatMoney, formatMoneyWithCode, multiplyMoney, type CurrencyCode } from "~/lib/money";
import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import { paymentMethods, type PaymentMethod } from "./orders.constants";

export interface OrderConfirmationData {
  storeName: string;
  origin: string;
  orderId: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: PaymentMethod;
  currency: CurrencyCode;
  subtotal: number;
  shipping: number;
  total: number;
  lines: { name: string; quantity: number; unitPrice: number; size: string | null; color: string | null }[];
}

/** SPEC.md's send-order-confirmation: order number, items, total, payment method and a link. */
export function orderConfirmationEmail(order: OrderConfirmationData): OutgoingEmail {
  const money = (pesewas: number) => formatMoney(pesewas, order.currency);
  const payment = paymentMethods.find((m) => m.value === order.paymentMethod)?.label ?? order.paymentMethod;
  const { html, text } = renderEmail({
    storeName: order.storeName,
    preheader: `Order ${order.orderNumber} is confirmed: ${formatMoneyWithCode(order.total, order.currency)}`,
    heading: `Thank you, ${order.customerName.split(" ")[0]}`,
    paragraphs: [
      `We have received your order ${order.orderNumber} and our tailors are preparing it.`,
      ...order.lines.map(
        (l) =>
          `${l.quantity} × ${l.name}${[l.color, l.size && `size ${l.size}`].filter(Boolean).length ? ` (${[l.color, l.size && `size ${l.size}`].filter(Boolean).join(", ")})` : ""} — ${money(multiplyMoney(l.unitPrice, l.quantity))}`,
      ),
      `Subtotal ${money(order.subtotal)} · Shipping ${order.shipping === 0 ? "free" : money(order.shipping)} · Total ${formatMoneyWithCode(order.total, order.currency)}`,
      `Payment method: ${payment}.`,
    ],
    button: { label: "View your order", url: `${order.origin}/order-confirmation/${order.orderId}` },
    footer: `You are receiving this email because you placed an order with ${order.storeName}. Track it any time with your order number and email.`,
  });
  return { to: order.customerEmail, subject: `Your ${order.storeName} order ${order.orderNumber}`, html, text, kind: "order-confirmation" };
}
