import { lineTotal } from "~/modules/pricing/order-totals";
import { brand } from "~/lib/brand";
import { currencySymbols, formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import type { OutgoingEmail } from "~/modules/email/email-outbox.server";
import { renderEmail, type EmailSummary } from "~/modules/email/email-templates.server";
import { formatDateTimeWithZone } from "~/lib/dates";
import { heldUntilSentence, NOT_PAID_YET } from "~/modules/payments/customer-order-state";
import { staffPaymentMethodLabels } from "~/modules/staff-orders/sales-channels";
import { isOnlinePayment, paymentMethods, type OrderStatus, type PaymentMethod, type PaymentStatus } from "./order-constants";
import type { Shipment } from "./shipping-carriers";
import { destinationName } from "~/modules/shipping/areas";
import { measurementsSummary, productionTimeText } from "~/modules/measurements/measurements";
import type { LineMadeToMeasure } from "./order-line-made-to-measure";

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
  /** Staff's discount (staff orders) or a discount code's, shown as its own line when there is one. */
  discount?: number;
  /** The discount code the order was placed with (issue 47): named beside its discount or free shipping. */
  discountCode?: string | null;
  shipping: number;
  total: number;
  /** "Greater Accra, Ghana" */
  destination: string;
  /** The zone's name and estimate as they were when the order was placed. */
  shippingZone: string;
  deliveryEstimate: string;
  lines: {
    name: string;
    quantity: number;
    unitPrice: number;
    size: string | null;
    color: string | null;
    /** A line cut to the customer's measurements: they travel to the workshop with the order. */
    madeToMeasure?: LineMadeToMeasure | null;
  }[];
  /** Paid online: until when the pieces are held for the payment (ISO), and the store's timezone to say it in. */
  heldUntil?: string | null;
  /** The deposit asked now (docs/decisions/041), the balance being due when the garment is ready; null or absent: the whole total. */
  deposit?: number | null;
  timeZone?: string;
}

/**
 * What the confirmation says about the order's state (customer-order-state.ts): an order paid
 * online is not confirmed until its payment lands, so the email, sent as the shopper goes to pay,
 * says "not paid yet", how to pay and until when the pieces are held.
 */
function confirmationWording(order: OrderConfirmationData): { preheader: string; paragraphs: string[]; button: string } {
  const total = formatMoneyWithCode(order.total, order.currency);
  if (!isOnlinePayment(order.paymentMethod) || !order.heldUntil)
    return {
      preheader: `Order ${order.orderNumber} is confirmed: ${total}`,
      paragraphs: [`We have received your order ${order.orderNumber} and our tailors are preparing it.`],
      button: "View your order",
    };
  const held = formatDateTimeWithZone(order.heldUntil, order.timeZone ?? "UTC");
  if (order.deposit) {
    const deposit = formatMoneyWithCode(order.deposit, order.currency);
    const balance = formatMoneyWithCode(order.total - order.deposit, order.currency);
    return {
      preheader: `Order ${order.orderNumber}: ${NOT_PAID_YET.toLowerCase()}, a deposit of ${deposit} to pay`,
      paragraphs: [
        `We have your order ${order.orderNumber}. It is ${NOT_PAID_YET.toLowerCase()}: it is confirmed as soon as your deposit of ${deposit} lands, and your receipt follows by email.`,
        `The balance of ${balance} is due when your garment is ready: we will send you a link to pay it then.`,
        heldUntilSentence(held),
        "If your payment did not go through, open your order with the button below and press Pay now: the same card or number again, or another one.",
      ],
      button: "View or pay your order",
    };
  }
  return {
    preheader: `Order ${order.orderNumber}: ${NOT_PAID_YET.toLowerCase()}, ${total} to pay`,
    paragraphs: [
      `We have your order ${order.orderNumber}. It is ${NOT_PAID_YET.toLowerCase()}: it is confirmed as soon as your payment of ${total} lands, and your receipt follows by email.`,
      heldUntilSentence(held),
      "If your payment did not go through, open your order with the button below and press Pay now: the same card or number again, or another one.",
    ],
    button: "View or pay your order",
  };
}

/** "Made to measure (cm): Chest 102 · … · Made in 15 working days · includes ₵150.00 for making to measure" for an email line. */
function madeToMeasureDetail(line: LineMadeToMeasure, money: (pesewas: number) => string): string[] {
  return [
    measurementsSummary(line.measurements),
    productionTimeText(line.days),
    ...(line.surcharge > 0 ? [`includes ${money(line.surcharge)} for making to measure`] : []),
  ];
}

/** "Delivery to Greater Accra, Ghana (Greater Accra zone): 1–2 working days from dispatch." */
export function deliveryLine(delivery: {
  destination: string;
  shippingZone: string | null;
  deliveryEstimate: string | null;
}): string | null {
  if (!delivery.deliveryEstimate) return null;
  const zone = delivery.shippingZone ? ` (${delivery.shippingZone} zone)` : "";
  return `Delivery to ${delivery.destination}${zone}: ${delivery.deliveryEstimate} from dispatch.`;
}

/**
 * The order's lines (colour, size, measurements, quantity) and totals as an email's itemised
 * table: the customer's confirmation and the staff's new-order alert show the same one.
 */
export function orderEmailSummary(
  order: Pick<OrderConfirmationData, "currency" | "lines" | "subtotal" | "discount" | "discountCode" | "shipping" | "total">,
): EmailSummary {
  const money = (pesewas: number) => formatMoney(pesewas, order.currency);
  return {
    lines: order.lines.map((l) => ({
      name: l.name,
      detail: [
        l.color,
        l.size && `Size ${l.size}`,
        ...(l.madeToMeasure ? madeToMeasureDetail(l.madeToMeasure, money) : []),
        `${l.quantity} × ${money(l.unitPrice)}`,
      ]
        .filter(Boolean)
        .join(" · "),
      amount: money(lineTotal(l)),
    })),
    totals: [
      { label: "Subtotal", amount: money(order.subtotal) },
      ...(order.discount
        ? [{ label: order.discountCode ? `Discount (${order.discountCode})` : "Discount", amount: `−${money(order.discount)}` }]
        : []),
      {
        label: order.discountCode && !order.discount && order.shipping === 0 ? `Shipping (${order.discountCode})` : "Shipping",
        amount: order.shipping === 0 ? "Free" : money(order.shipping),
      },
      { label: "Total", amount: formatMoneyWithCode(order.total, order.currency) },
    ],
  };
}

/** "Pay on Delivery", "Card Payment"…: a payment method as the checkout names it, or as staff recorded it (staff orders). */
export function paymentMethodLabel(method: string): string {
  return paymentMethods.find((m) => m.value === method)?.label ?? staffPaymentMethodLabels[method] ?? method;
}

/** docs/product-rules.md's send-order-confirmation: order number, items, total, payment method and a link. */
export function orderConfirmationEmail(order: OrderConfirmationData): OutgoingEmail {
  const payment = paymentMethodLabel(order.paymentMethod);
  const wording = confirmationWording(order);
  const { html, text } = renderEmail({
    storeName: order.storeName,
    preheader: wording.preheader,
    heading: `Thank you, ${order.customerName.split(" ")[0]}`,
    paragraphs: wording.paragraphs,
    summary: orderEmailSummary(order),
    closing: [
      `Payment method: ${payment}.`,
      ...(order.lines.some((l) => l.madeToMeasure)
        ? ["Made-to-measure pieces are cut and sewn to your measurements: we make them in the working days shown, then ship them."]
        : []),
      ...[deliveryLine(order)].filter((line): line is string => line !== null),
    ],
    button: { label: wording.button, url: `${order.origin}/order-confirmation/${order.orderId}` },
    footer: `You are receiving this email because you placed an order with ${order.storeName}. Track it any time with your order number and email.`,
  });
  return { to: order.customerEmail, subject: `Your ${order.storeName} order ${order.orderNumber}`, html, text, kind: "order-confirmation" };
}

/** What changed: the order's status or its payment status. */
export type OrderStatusChange =
  | { kind: "order"; status: OrderStatus; /** Marking shipped with a carrier and tracking. */ shipment?: Shipment | undefined }
  | { kind: "payment"; status: PaymentStatus };

/** The order an email is about and the store that sends it (status and payment emails share it). */
export interface OrderEmailSubject {
  storeName: string;
  /** Public origin for the order link; without it the email has no button. */
  origin?: string | undefined;
  orderId: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  currency: CurrencyCode;
}

export interface OrderStatusEmailData extends OrderEmailSubject {
  total: number;
  change: OrderStatusChange;
  /** The shipped email says where the parcel goes and how long it takes (the order's own zone and estimate). */
  delivery?: { destination: string; shippingZone: string | null; deliveryEstimate: string | null } | undefined;
}

function statusWording(change: OrderStatusChange, order: string, total: string): { subject: string; heading: string; body: string } {
  if (change.kind === "payment") {
    return {
      paid: {
        subject: `Payment received for order ${order}`,
        heading: "Payment received",
        body: `We have received your payment of ${total} for order ${order}. Thank you.`,
      },
      // Deposit receipts name the amount and the balance (payment-emails.server.ts); this is a fallback.
      deposit_paid: {
        subject: `Deposit received for order ${order}`,
        heading: "Deposit received",
        body: `We have received the deposit for order ${order}. We will ask for the balance when your garment is ready.`,
      },
      failed: {
        subject: `Payment problem with order ${order}`,
        heading: "Your payment did not go through",
        body: `The payment of ${total} for order ${order} did not go through. Please reply to this email or contact us and we will help you complete it.`,
      },
      pending: {
        subject: `Payment pending for order ${order}`,
        heading: "Payment pending",
        body: `The payment of ${total} for order ${order} is now marked as pending.`,
      },
      // Refund emails name the amount and reason (payments/refund-email.server.ts); these are fallbacks.
      refunded: {
        subject: `Refund for order ${order}`,
        heading: "Your payment has been refunded",
        body: `We have refunded your payment for order ${order}.`,
      },
      partially_refunded: {
        subject: `Partial refund for order ${order}`,
        heading: "Part of your payment has been refunded",
        body: `We have refunded part of your payment for order ${order}.`,
      },
    }[change.status];
  }
  return {
    processing: {
      subject: `Order ${order} is being prepared`,
      heading: "Your order is being prepared",
      body: `Order ${order} is back in our workshop and being prepared.`,
    },
    confirmed: {
      subject: `Order ${order} is confirmed`,
      heading: "Your order is confirmed",
      body: `Good news: we have confirmed order ${order} and our tailors are at work on it.`,
    },
    shipped: {
      subject: `Order ${order} is on its way`,
      heading: "Your order is on its way",
      body: `Order ${order} has left our Accra workshop and is on its way to you.`,
    },
    delivered: {
      subject: `Order ${order} has been delivered`,
      heading: "Your order has been delivered",
      body: `Order ${order} has been delivered. We hope you enjoy wearing it.`,
    },
    cancelled: {
      subject: `Order ${order} has been cancelled`,
      heading: "Your order has been cancelled",
      body: `Order ${order} has been cancelled. If you did not expect this, or you have already paid, please reply to this email or contact us and we will sort it out.`,
    },
  }[change.status];
}

/** The email to the customer when an admin changes an order's status or payment status. */
export function orderStatusEmail(data: OrderStatusEmailData): OutgoingEmail {
  const wording = statusWording(data.change, data.orderNumber, formatMoneyWithCode(data.total, data.currency));
  const orderUrl = data.origin ? `${data.origin}/order-confirmation/${data.orderId}` : null;
  const shipped = data.change.kind === "order" && data.change.status === "shipped";
  const shipment = shipped && data.change.kind === "order" ? data.change.shipment : undefined;
  const delivery = shipped && data.delivery ? deliveryLine(data.delivery) : null;
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: wording.subject,
    heading: wording.heading,
    paragraphs: [
      `Dear ${data.customerName.split(" ")[0]},`,
      wording.body,
      ...(delivery ? [delivery] : []),
      ...(shipment ? shipmentParagraphs(shipment) : []),
    ],
    ...(shipment?.trackingUrl
      ? {
          button: { label: "Track your parcel", url: shipment.trackingUrl },
          ...(orderUrl ? { closing: [`Your order page: ${orderUrl}`] } : {}),
        }
      : orderUrl
        ? { button: { label: "View your order", url: orderUrl } }
        : {}),
    footer: `You are receiving this email because you placed an order with ${data.storeName}. Track it any time with your order number and email.`,
  });
  return {
    to: data.customerEmail,
    subject: `${data.storeName}: ${wording.subject}`,
    html,
    text,
    kind: data.change.kind === "order" ? "order-status" : "payment-status",
  };
}

/** The shipped email's lines about the parcel: who carries it and its number. */
function shipmentParagraphs(shipment: Shipment): string[] {
  return [
    `Carrier: ${shipment.carrier}`,
    ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
    ...(shipment.trackingUrl ? ["Follow your parcel with the carrier using the button below."] : []),
  ];
}

/** Who the store is, for status emails: its name and public origin (for the order link). */
export interface StatusEmailSender {
  storeName?: string | undefined;
  origin?: string | undefined;
}

/** orderStatusEmail for an order row as the status-change functions read it. */
export function orderStatusEmailFor(
  order: {
    id: string;
    orderNumber: string;
    customerName: string;
    customerEmail: string;
    currency: string;
    totalAmount: number;
    customerCountry?: string;
    customerRegion?: string | null;
    shippingZone?: string | null;
    deliveryEstimate?: string | null;
  },
  change: OrderStatusChange,
  sender: StatusEmailSender,
): OutgoingEmail {
  return orderStatusEmail({
    storeName: sender.storeName ?? brand.name,
    origin: sender.origin,
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    // Orders record the store currency (GHS, USD or EUR) when they are placed.
    currency: order.currency in currencySymbols ? (order.currency as CurrencyCode) : "GHS",
    total: Number(order.totalAmount),
    change,
    delivery: order.customerCountry
      ? {
          destination: destinationName(order.customerCountry, order.customerRegion),
          shippingZone: order.shippingZone ?? null,
          deliveryEstimate: order.deliveryEstimate ?? null,
        }
      : undefined,
  });
}

/** A message from the shop to the customer about their order (staff write it in the order details). */
export function orderMessageEmail(order: OrderEmailSubject, message: string): OutgoingEmail {
  const { html, text } = renderEmail({
    storeName: order.storeName,
    preheader: `A message about your order ${order.orderNumber}`,
    heading: `About your order ${order.orderNumber}`,
    paragraphs: [`Dear ${order.customerName.split(" ")[0]},`, ...message.split(/\n{2,}/).map((p) => p.replace(/\n/g, " "))],
    ...(order.origin ? { button: { label: "View your order", url: `${order.origin}/order-confirmation/${order.orderId}` } } : {}),
    footer: `You are receiving this email about an order you placed with ${order.storeName}. Reply to this email to answer us.`,
  });
  return {
    to: order.customerEmail,
    subject: `${order.storeName}: a message about order ${order.orderNumber}`,
    html,
    text,
    kind: "order-message",
  };
}
