import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { paymentLinks } from "~db/schema/staff-orders";
import { formatDateTimeWithZone } from "~/lib/dates";
import { currencySymbols, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { isOnlinePayment } from "~/modules/orders/order-constants";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { paymentLinkEmail } from "./payment-link-email.server";
import { amountDueNow, balanceOf, type PaymentPurpose } from "./order-balance";
import { PAYMENT_LINK_CLOSED } from "./payment-link-words";

export { PAYMENT_LINK_CLOSED };
import { sendOrderToPaystack, type StartPaymentResult } from "./online-checkout.server";
import type { OnlineChannel } from "./payment-attempts.server";
import type { PaystackClientConfig } from "./paystack-client.server";

/**
 * Payment links (issue 46, part 2): staff ask a customer for an order's money by email or
 * WhatsApp; the link opens `/pay/<token>`, which needs no account and pays through the
 * storefront's own Paystack flow. The token is 32 random bytes; the database keeps only its
 * SHA-256, so a token can be neither guessed nor read back. A link asks for the order's total as
 * the database has it, until it expires (Settings → Payments), is revoked, replaced by a newer
 * link, or the order is paid or cancelled. An order placed by staff to be paid by link keeps its
 * stock until the link expires (its `payment_due_at`), then the payment hold cancels it.
 */

/** Who on staff sends or revokes a link. */
export interface LinkSender {
  name: string;
}

export function newPaymentLinkToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function paymentLinkTokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as `newPaymentLinkToken` writes it: 43 base64url characters. Anything else is not looked up. */
export function isPaymentLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function paymentLinkUrl(origin: string, token: string): string {
  return `${origin}/pay/${token}`;
}

export class PaymentLinkRefusedError extends Error {
  override name = "PaymentLinkRefusedError";
}

/** What a link sent now gives staff: the address to send, a WhatsApp message ready to send, until when. */
export interface SentPaymentLink {
  url: string;
  /** wa.me with the message filled in (to the customer's number when it reads as one). */
  whatsappUrl: string;
  whatsappText: string;
  expiresAt: Date;
  amount: number;
  currency: string;
}

/**
 * Issues a new link for an order waiting for its money, in one transaction with the order's row
 * locked: earlier open links of the order are revoked (the newest is the only one that asks),
 * the order's stock stays held until the new link expires when the order is held unpaid (placed
 * to be paid online or by link; a Pay on Delivery order holds nothing), the history says who
 * sent it and how, and the email is queued when `email` is set.
 */
export async function sendPaymentLink(
  db: Db,
  orderId: string,
  options: { by: LinkSender; email: boolean; origin: string; storeName: string; now?: Date },
): Promise<SentPaymentLink> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new PaymentLinkRefusedError("No such order.");
    if (order.orderStatus === "cancelled") throw new PaymentLinkRefusedError("This order is cancelled: it takes no payment.");
    // The deposit before anything came in, the balance after it, or the whole total.
    const due = amountDueNow(order);
    if (!due) throw new PaymentLinkRefusedError("This order is already paid.");
    if (order.currency !== "GHS")
      throw new PaymentLinkRefusedError("Payment links take cedi only (Paystack Ghana): the store's currency is not GHS.");
    const settings = await getStoreSettings(tx);
    const expiresAt = new Date(now.getTime() + settings.paymentLinkHours * 3_600_000);
    const token = newPaymentLinkToken();
    await tx
      .update(paymentLinks)
      .set({ revokedAt: now, revokedBy: "Replaced by a newer link" })
      .where(and(eq(paymentLinks.orderId, orderId), isNull(paymentLinks.revokedAt), isNull(paymentLinks.paidAt)));
    const amount = due.amount;
    await tx.insert(paymentLinks).values({
      orderId,
      tokenHash: paymentLinkTokenHash(token),
      amount,
      purpose: due.purpose,
      currency: order.currency,
      expiresAt,
      emailedTo: options.email ? order.customerEmail : null,
      createdBy: options.by.name,
      createdAt: now,
    });
    // Held unpaid (online or by link): the stock stays reserved while the link is open.
    const held = order.paymentDueAt !== null || order.paymentMethod === "payment_link";
    if (held && (!order.paymentDueAt || order.paymentDueAt < expiresAt))
      await tx.update(orders).set({ paymentDueAt: expiresAt, updatedAt: now }).where(eq(orders.id, orderId));
    const until = formatDateTimeWithZone(expiresAt, settings.timezone);
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: order.orderStatus,
      paymentStatus: order.paymentStatus,
      notes: `${linkNoun[due.purpose]} sent by ${options.by.name} for ${formatMoneyWithCode(amount, currencyOf(order.currency))}${options.email ? ` (emailed to ${order.customerEmail})` : ""}, open until ${until}`,
      changedBy: options.by.name,
    });
    const url = paymentLinkUrl(options.origin, token);
    const currency = (order.currency in currencySymbols ? order.currency : "GHS") as CurrencyCode;
    if (options.email) {
      const lines = await tx
        .select({ name: orderItems.name, quantity: orderItems.quantity, unitPrice: orderItems.unitPrice })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(orderItems.id);
      await queueEmail(
        tx,
        paymentLinkEmail({
          storeName: options.storeName,
          customerName: order.customerName,
          customerEmail: order.customerEmail,
          orderNumber: order.orderNumber,
          currency,
          lines: lines.map((l) => ({ ...l, unitPrice: Number(l.unitPrice) })),
          subtotal: Number(order.subtotalAmount),
          discount: Number(order.discountAmount),
          shipping: Number(order.shippingAmount),
          total: Number(order.totalAmount),
          ask: { purpose: due.purpose, amount, paidBefore: Number(order.paidAmount) },
          url,
          openUntil: until,
        }),
      );
    }
    const whatsappText =
      `Hello ${order.customerName.split(" ")[0] || order.customerName}, here is the link to pay ${whatsappAsk[due.purpose]} your ${options.storeName} order ` +
      `${order.orderNumber} (${formatMoneyWithCode(amount, currency)}), by card or mobile money: ${url}\nIt is open until ${until}. Thank you!`;
    return {
      url,
      whatsappText,
      whatsappUrl: whatsappLink(order.customerPhone, order.customerCountry, whatsappText),
      expiresAt,
      amount,
      currency: order.currency,
    };
  });
}

/** How the history names a link by what it asks. */
const linkNoun: Record<PaymentPurpose, string> = { full: "Payment link", deposit: "Deposit link", balance: "Balance link" };
/** "…the link to pay the deposit for your order…". */
const whatsappAsk: Record<PaymentPurpose, string> = { full: "for", deposit: "the deposit for", balance: "the balance of" };

const currencyOf = (code: string) => (code in currencySymbols ? code : "GHS") as CurrencyCode;

/**
 * wa.me with the text filled in. WhatsApp wants the number in international form, digits only:
 * a Ghanaian number written locally ("024 411 8820") becomes 233244118820; a number it cannot
 * read leaves the recipient to choose in WhatsApp.
 */
export function whatsappLink(phone: string, country: string, text: string): string {
  const digits = phone.trim().startsWith("+") ? phone.replace(/\D/g, "") : phone.replace(/\D/g, "").replace(/^00/, "");
  const international =
    phone.trim().startsWith("+") || phone.trim().startsWith("00")
      ? digits
      : country === "GH" && /^0\d{9}$/.test(digits)
        ? `233${digits.slice(1)}`
        : /^233\d{9}$/.test(digits)
          ? digits
          : "";
  const to = /^\d{8,15}$/.test(international) ? international : "";
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

/** Revokes an open link (staff's "Revoke"): opened again, it says so and takes nothing. */
export async function revokePaymentLink(db: Db, orderId: string, linkId: string, by: LinkSender): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(paymentLinks)
      .set({ revokedAt: new Date(), revokedBy: by.name })
      .where(
        and(eq(paymentLinks.id, linkId), eq(paymentLinks.orderId, orderId), isNull(paymentLinks.revokedAt), isNull(paymentLinks.paidAt)),
      )
      .returning({ id: paymentLinks.id });
    if (revoked.length === 0) return false;
    const [order] = await tx
      .select({ status: orders.orderStatus, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: order!.status,
      paymentStatus: order!.paymentStatus,
      notes: `Payment link revoked by ${by.name}`,
      changedBy: by.name,
    });
    return true;
  });
}

/** An order's links, newest first, for staff (never the token: it is not kept). */
export function paymentLinksOf(db: Db, orderId: string) {
  return db
    .select({
      id: paymentLinks.id,
      amount: paymentLinks.amount,
      currency: paymentLinks.currency,
      expiresAt: paymentLinks.expiresAt,
      revokedAt: paymentLinks.revokedAt,
      revokedBy: paymentLinks.revokedBy,
      paidAt: paymentLinks.paidAt,
      emailedTo: paymentLinks.emailedTo,
      createdBy: paymentLinks.createdBy,
      createdAt: paymentLinks.createdAt,
    })
    .from(paymentLinks)
    .where(eq(paymentLinks.orderId, orderId))
    .orderBy(desc(paymentLinks.createdAt));
}

/** What a link's page shows: the order and what it asks, or why it asks nothing. */
export type PaymentLinkView =
  { state: "unknown" } | { state: "open" | "paid" | "expired" | "revoked" | "cancelled" | "changed"; link: LinkedOrder };

export interface LinkedOrder {
  orderId: string;
  orderNumber: string;
  customerName: string;
  amount: number;
  /** What the link asks for: the whole order, its deposit or its balance. */
  purpose: PaymentPurpose;
  /** What came in before (a deposit, when the link asks the balance), and what the order still owes. */
  paidBefore: number;
  balance: number;
  currency: CurrencyCode;
  expiresAt: Date;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  delivery: string | null;
  /** Each line as ordered, with its picture (a catalogue piece's, or a custom piece's photo) when it has one. */
  lines: {
    name: string;
    color: string | null;
    size: string | null;
    quantity: number;
    unitPrice: number;
    kind: string;
    imageUrl: string | null;
  }[];
}

type LinkRow = typeof paymentLinks.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * The link a token opens and the order it asks for, or null when no link has the token. With
 * `forUpdate` (in a transaction) both rows are locked, the link's first, until it ends.
 */
async function linkAndOrderOf(
  db: Db,
  token: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<{ link: LinkRow; order: OrderRow } | null> {
  const linkQuery = db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.tokenHash, paymentLinkTokenHash(token)));
  const [link] = await (forUpdate ? linkQuery.for("update") : linkQuery);
  if (!link) return null;
  const orderQuery = db.select().from(orders).where(eq(orders.id, link.orderId));
  const [order] = await (forUpdate ? orderQuery.for("update") : orderQuery);
  return order ? { link, order } : null;
}

/**
 * A link's state by its token: unknown for a token that is malformed or not any link's (the
 * page then shows no order at all), else the order it asks for and whether it is open, paid,
 * expired, revoked, cancelled, or changed (the order's total is no longer what the link asks:
 * staff must send a new one).
 */
export async function paymentLinkView(db: Db, token: string, now = new Date()): Promise<PaymentLinkView> {
  if (!isPaymentLinkToken(token)) return { state: "unknown" };
  const row = await linkAndOrderOf(db, token);
  if (!row) return { state: "unknown" };
  const { link, order } = row;
  const lines = await db
    .select({
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      kind: orderItems.kind,
      imageUrl: orderItems.imageUrl,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const linked: LinkedOrder = {
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    amount: Number(link.amount),
    purpose: link.purpose as PaymentPurpose,
    paidBefore: Number(order.paidAmount),
    balance: balanceOf(order),
    currency: (order.currency in currencySymbols ? order.currency : "GHS") as CurrencyCode,
    expiresAt: link.expiresAt,
    subtotal: Number(order.subtotalAmount),
    discount: Number(order.discountAmount),
    shipping: Number(order.shippingAmount),
    total: Number(order.totalAmount),
    delivery: order.shippingZone,
    lines: lines.map((l) => ({ ...l, unitPrice: Number(l.unitPrice) })),
  };
  return { state: linkState(link, order, now), link: linked };
}

function linkState(link: LinkRow, order: OrderRow, now: Date): Exclude<PaymentLinkView["state"], "unknown"> {
  const due = amountDueNow(order);
  if (link.paidAt || !due) return "paid";
  if (order.orderStatus === "cancelled") return "cancelled";
  if (link.revokedAt) return "revoked";
  if (link.expiresAt <= now) return "expired";
  // The order's total changed, or part of it came in another way: staff send a new link.
  if (Number(link.amount) !== due.amount) return "changed";
  return "open";
}

/**
 * Pays an open link by card or mobile money: in one transaction with the link and the order
 * locked, the link is checked open again (a link revoked, expired or paid meanwhile takes
 * nothing), and an order waiting for its link takes the channel chosen as its payment method;
 * then the order goes to Paystack for exactly the link's amount, through the checkout's own
 * attempt logic (a second press reuses the open checkout page).
 */
export async function payWithLink(
  db: Db,
  paystack: PaystackClientConfig,
  { token, channel, origin, now = new Date() }: { token: string; channel: OnlineChannel; origin: string; now?: Date },
): Promise<StartPaymentResult> {
  if (!isPaymentLinkToken(token)) return { ok: false, message: PAYMENT_LINK_CLOSED.unknown };
  const checked = await db.transaction(async (tx) => {
    const row = await linkAndOrderOf(tx, token, { forUpdate: true });
    if (!row) return { ok: false as const, message: PAYMENT_LINK_CLOSED.unknown };
    const { link, order } = row;
    const state = linkState(link, order, now);
    if (state !== "open") return { ok: false as const, message: PAYMENT_LINK_CLOSED[state] };
    if (order.paymentMethod === "payment_link" || isOnlinePayment(order.paymentMethod))
      await tx.update(orders).set({ paymentMethod: channel, updatedAt: now }).where(eq(orders.id, order.id));
    return {
      ok: true as const,
      payable: {
        id: order.id,
        email: order.customerEmail,
        orderNumber: order.orderNumber,
        total: Number(link.amount),
        currency: "GHS" as const,
        method: channel,
      },
    };
  });
  if (!checked.ok) return checked;
  return sendOrderToPaystack(db, paystack, checked.payable, origin);
}

/** Open links of an order (for the admin's "Payment links" list and tests). */
export async function openPaymentLinkCount(db: Db, orderId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.orderId, orderId),
        isNull(paymentLinks.revokedAt),
        isNull(paymentLinks.paidAt),
        sql`${paymentLinks.expiresAt} > ${now}`,
      ),
    );
  return row?.n ?? 0;
}
