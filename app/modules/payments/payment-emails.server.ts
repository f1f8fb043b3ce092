import { asc, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orders } from "~db/schema/orders";
import { formatDateTimeWithZone } from "~/lib/dates";
import { currencySymbols, formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { queueEmail, type OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import type { OrderEmailSubject, StatusEmailSender } from "~/modules/orders/order-emails.server";
import { lineTotal } from "~/modules/pricing/order-totals";
import { balanceOf } from "./order-balance";
import { getStoreSettings } from "~/modules/settings/settings.server";

/**
 * The shopper's emails about paying online (issue 11, item 9): the receipt when a payment is
 * verified, "payment failed" with Pay now while the order is still held, and "cancelled: we did
 * not receive payment" when the hold runs out (payment-hold.server.ts). The builders are pure
 * (data in, email out); the queue helpers read the order in the caller's transaction and put
 * the email in the outbox with the change that causes it.
 */

/** Who the email is for and how the store speaks (name, link origin, timezone). */
export interface PaymentEmailOrder extends OrderEmailSubject {
  /** The store's timezone (Settings): times are shown in it. */
  timeZone: string;
}

export interface PaymentEmailLine {
  name: string;
  quantity: number;
  unitPrice: number;
  size: string | null;
  color: string | null;
}

export interface PaymentReceiptData extends PaymentEmailOrder {
  lines: PaymentEmailLine[];
  /** Pesewas. */
  subtotal: number;
  /** Staff's discount on a staff order (issue 46), when there is one. */
  discount?: number;
  shipping: number;
  /** What was paid: the order's total, or its deposit or balance (docs/decisions/041), as verified. */
  total: number;
  /** Paid in parts: the order's total, what came in before this payment, and what it still owes. */
  parts?: { orderTotal: number; paidBefore: number; balance: number };
  /** "Visa •••• 4081", "MTN mobile money •••987" (describeMethod). */
  method: string;
  paidAt: Date;
  /** The payment's reference with Paystack. */
  reference: string;
}

export interface PaymentFailedData extends PaymentEmailOrder {
  total: number;
  /** Paystack's words ("Declined"), when it gave any. */
  reason: string | null;
  /** Until when the order (and its stock) is held for payment; null when not known. */
  heldUntil: Date | null;
}

export interface PaymentExpiredData extends PaymentEmailOrder {
  total: number;
  lines: PaymentEmailLine[];
}

const greeting = (name: string) => `Dear ${name.split(" ")[0] || name},`;
const orderUrl = (data: PaymentEmailOrder) => (data.origin ? `${data.origin}/order-confirmation/${data.orderId}` : null);
const footerFor = (storeName: string) =>
  `You are receiving this email because you placed an order with ${storeName}. Track it any time with your order number and email.`;

function summaryLines(lines: PaymentEmailLine[], currency: CurrencyCode) {
  return lines.map((l) => ({
    name: l.name,
    detail: [l.color, l.size && `Size ${l.size}`, `${l.quantity} × ${formatMoney(l.unitPrice, currency)}`].filter(Boolean).join(" · "),
    amount: formatMoney(lineTotal(l), currency),
  }));
}

/** The receipt: what was paid, for which order, how, when (store time) and under which reference. */
export function paymentReceiptEmail(data: PaymentReceiptData): OutgoingEmail {
  const total = formatMoneyWithCode(data.total, data.currency);
  const paidAt = formatDateTimeWithZone(data.paidAt, data.timeZone);
  const url = orderUrl(data);
  const words = receiptWords(data, total);
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `We received ${total} for order ${data.orderNumber}`,
    heading: words.heading,
    paragraphs: [greeting(data.customerName), ...words.paragraphs],
    summary: {
      lines: summaryLines(data.lines, data.currency),
      totals: [
        { label: "Subtotal", amount: formatMoney(data.subtotal, data.currency) },
        ...(data.discount ? [{ label: "Discount", amount: `−${formatMoney(data.discount, data.currency)}` }] : []),
        { label: "Shipping", amount: data.shipping === 0 ? "Free" : formatMoney(data.shipping, data.currency) },
        ...(data.parts ? partTotals(data.parts, data.total, data.currency) : [{ label: "Total paid", amount: total }]),
      ],
    },
    closing: [
      `Paid with: ${data.method}`,
      `Paid on: ${paidAt}`,
      `Payment reference: ${data.reference}`,
      "Keep this email as your receipt.",
    ],
    ...(url ? { button: { label: "View your order", url } } : {}),
    footer: footerFor(data.storeName),
  });
  const subject = words.heading === "Deposit received" ? "Deposit received" : "Payment received";
  return {
    to: data.customerEmail,
    subject: `${subject} for order ${data.orderNumber}`,
    html,
    text,
    kind: "payment-receipt",
  };
}

/** A receipt's heading and words: a whole payment, a deposit with its balance to come, or the balance that settles it. */
function receiptWords(data: PaymentReceiptData, total: string): { heading: string; paragraphs: string[] } {
  const parts = data.parts;
  if (parts && parts.balance > 0)
    return {
      heading: "Deposit received",
      paragraphs: [
        `Thank you: we have received your deposit of ${total} for order ${data.orderNumber}, and our tailors can begin.`,
        `The balance of ${formatMoneyWithCode(parts.balance, data.currency)} is due when your garment is ready: we will send you a link to pay it then.`,
      ],
    };
  if (parts && parts.paidBefore > 0)
    return {
      heading: "Payment received",
      paragraphs: [`Thank you: we have received the balance of ${total} for order ${data.orderNumber}. It is now paid in full.`],
    };
  return {
    heading: "Payment received",
    paragraphs: [`Thank you: we have received your payment of ${total} for order ${data.orderNumber}.`],
  };
}

function partTotals(parts: NonNullable<PaymentReceiptData["parts"]>, paidNow: number, currency: CurrencyCode) {
  return [
    { label: "Order total", amount: formatMoney(parts.orderTotal, currency) },
    ...(parts.paidBefore > 0 ? [{ label: "Paid before", amount: formatMoney(parts.paidBefore, currency) }] : []),
    { label: "Paid now", amount: formatMoneyWithCode(paidNow, currency) },
    { label: "Balance due", amount: parts.balance > 0 ? formatMoneyWithCode(parts.balance, currency) : "Nothing: paid in full" },
  ];
}

/** A declined payment: the order is still held, and Pay now (the order's page) tries again. */
export function paymentFailedEmail(data: PaymentFailedData): OutgoingEmail {
  const total = formatMoneyWithCode(data.total, data.currency);
  const url = orderUrl(data);
  const held = data.heldUntil
    ? `We are holding your order until ${formatDateTimeWithZone(data.heldUntil, data.timeZone)}. Pay before then to keep it; after that it is cancelled.`
    : "We are holding your order for a short while. Pay soon to keep it.";
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `Your payment for order ${data.orderNumber} did not go through`,
    heading: "Your payment did not go through",
    paragraphs: [
      greeting(data.customerName),
      `Your payment of ${total} for order ${data.orderNumber} did not go through${data.reason ? ` (${data.reason})` : ""}. You have not been charged.`,
      held,
    ],
    closing: ["You can try the same card or number again, or another one. If it keeps failing, reply to this email and we will help."],
    ...(url ? { button: { label: "Pay now", url } } : {}),
    footer: footerFor(data.storeName),
  });
  return {
    to: data.customerEmail,
    subject: `Payment for order ${data.orderNumber} did not go through`,
    html,
    text,
    kind: "payment-failed",
  };
}

/** The hold ran out without a payment: the order is cancelled and its items back on sale. */
export function paymentExpiredEmail(data: PaymentExpiredData): OutgoingEmail {
  const total = formatMoneyWithCode(data.total, data.currency);
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `Order ${data.orderNumber} was cancelled: we did not receive payment`,
    heading: "Your order was cancelled",
    paragraphs: [
      greeting(data.customerName),
      `We held order ${data.orderNumber} (${total}) for you, but we did not receive payment in time, so we have cancelled it and nobody has been charged.`,
    ],
    summary: {
      lines: summaryLines(data.lines, data.currency),
      totals: [{ label: "Order total", amount: total }],
    },
    closing: [
      "The pieces may still be available: you are welcome to order them again.",
      "If you did pay, reply to this email with your order number and we will sort it out at once.",
    ],
    ...(data.origin ? { button: { label: "Shop again", url: data.origin } } : {}),
    footer: footerFor(data.storeName),
  });
  return {
    to: data.customerEmail,
    subject: `Your order ${data.orderNumber} was cancelled: we did not receive payment`,
    html,
    text,
    kind: "payment-expired",
  };
}

// ---------------------------------------------------------------- queueing, in the caller's transaction

/** The order and store details every payment email needs, read in the caller's transaction. */
async function emailOrder(tx: Db, orderId: string, sender: StatusEmailSender) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const settings = await getStoreSettings(tx);
  const head: PaymentEmailOrder = {
    storeName: sender.storeName ?? settings.storeName,
    origin: sender.origin,
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    // Orders record the store currency (GHS, USD or EUR) when they are placed.
    currency: order.currency in currencySymbols ? (order.currency as CurrencyCode) : "GHS",
    timeZone: settings.timezone,
  };
  return { order, head };
}

function linesOf(tx: Db, orderId: string): Promise<PaymentEmailLine[]> {
  return tx
    .select({
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      size: orderItems.size,
      color: orderItems.color,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** Queues the receipt for a verified payment. Call in the transaction that marks the order paid. */
export async function queuePaymentReceipt(
  tx: Db,
  payment: { orderId: string; amount: number; method: string; paidAt: Date; reference: string },
  sender: StatusEmailSender,
): Promise<void> {
  const found = await emailOrder(tx, payment.orderId, sender);
  if (!found) return;
  const { order, head } = found;
  await queueEmail(
    tx,
    paymentReceiptEmail({
      ...head,
      lines: await linesOf(tx, order.id),
      subtotal: Number(order.subtotalAmount),
      discount: Number(order.discountAmount),
      shipping: Number(order.shippingAmount),
      total: payment.amount,
      ...receiptParts(order, payment.amount),
      method: payment.method,
      paidAt: payment.paidAt,
      reference: payment.reference,
    }),
  );
}

/** Paid in parts (a deposit asked, or a balance after one): the figures the receipt shows. */
function receiptParts(order: typeof orders.$inferSelect, paidNow: number): Pick<PaymentReceiptData, "parts"> {
  const orderTotal = Number(order.totalAmount);
  const paid = Number(order.paidAmount);
  const paidBefore = Math.max(0, paid - paidNow);
  if (order.depositAmount === null && paidBefore === 0 && paid >= orderTotal) return {};
  return { parts: { orderTotal, paidBefore, balance: balanceOf({ ...order, totalAmount: orderTotal, paidAmount: paid }) } };
}

/**
 * Queues "payment failed, Pay now" for a declined attempt, only while the order is still held:
 * not paid, not cancelled and not past its payment due time (then the hold's own email follows).
 * Returns whether it queued one. Call in the transaction that records the failure.
 */
export async function queuePaymentFailed(
  tx: Db,
  failure: { orderId: string; reason: string | null; now?: Date },
  sender: StatusEmailSender,
): Promise<boolean> {
  const found = await emailOrder(tx, failure.orderId, sender);
  if (!found) return false;
  const { order, head } = found;
  const now = failure.now ?? new Date();
  const held = order.paymentStatus !== "paid" && order.orderStatus !== "cancelled" && (!order.paymentDueAt || order.paymentDueAt > now);
  if (!held) return false;
  await queueEmail(
    tx,
    paymentFailedEmail({ ...head, total: Number(order.totalAmount), reason: failure.reason, heldUntil: order.paymentDueAt }),
  );
  return true;
}

/** Queues "cancelled: we did not receive payment". Call in the transaction that cancels the order. */
export async function queuePaymentExpired(tx: Db, orderId: string, sender: StatusEmailSender): Promise<void> {
  const found = await emailOrder(tx, orderId, sender);
  if (!found) return;
  const { order, head } = found;
  await queueEmail(tx, paymentExpiredEmail({ ...head, total: Number(order.totalAmount), lines: await linesOf(tx, order.id) }));
}
