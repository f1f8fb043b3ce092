import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "~db/client";
import { users } from "~db/schema/auth";
import { userRoles } from "~db/schema/store";
import { brand } from "~/lib/brand";
import { formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { queueEmail, type OutgoingEmail } from "./email-outbox.server";
import { renderEmail, type EmailSummary } from "./email-templates.server";

/**
 * Alerts for the shop's staff: a new order (Settings → Notifications → Email notifications)
 * and a new customer account (Customer notifications). Each active owner and manager gets one
 * email (decision 047: staff and accountants are not sent the shop's alerts), queued in the
 * caller's transaction like every other email.
 */
export async function adminEmailAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(userRoles.role, ["owner", "manager"]), isNull(userRoles.suspendedAt)));
  return rows.map((r) => r.email);
}

/**
 * Who hears of what a shopper asks the shop for (a custom request): every admin, so a real
 * person reads it from the first day, and the shop's contact address as well once the owner has
 * set it in Settings (the sample address is nobody's inbox). With no admin yet, the contact
 * address alone. Each address once, whatever its letter case.
 */
export async function staffAlertRecipients(db: Db, contactEmail: string): Promise<string[]> {
  const contact = contactEmail.trim();
  const sample = contact.toLowerCase() === brand.contact.email.toLowerCase();
  const candidates = [...(await adminEmailAddresses(db)), ...(contact && !sample ? [contact] : [])];
  const seen = new Set<string>();
  const recipients = candidates.filter((email) => {
    const key = email.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return recipients.length > 0 ? recipients : contact ? [contact] : [];
}

export interface NewOrderAlert {
  storeName: string;
  origin: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  total: number;
  currency: CurrencyCode;
  itemCount: number;
  /** "Pay on Delivery", "Card Payment"… */
  paymentMethod: string;
  /** "Delivery to Greater Accra, Ghana (Greater Accra zone): 1–2 working days from dispatch." */
  delivery: string | null;
  /** What to make and send: the lines (with any measurements) and totals, as the customer's confirmation shows them. */
  summary: EmailSummary;
}

export function newOrderAlertEmail(to: string, order: NewOrderAlert): OutgoingEmail {
  const total = formatMoneyWithCode(order.total, order.currency);
  const { html, text } = renderEmail({
    storeName: order.storeName,
    preheader: `New order ${order.orderNumber}: ${total} from ${order.customerName}`,
    heading: `New order ${order.orderNumber}`,
    paragraphs: [
      `${order.customerName} (${order.customerEmail}) ordered ${order.itemCount} item${order.itemCount === 1 ? "" : "s"} for ${total}.`,
      "The order is waiting in the admin panel with status processing and payment pending.",
    ],
    summary: order.summary,
    closing: [`Payment method: ${order.paymentMethod}.`, ...(order.delivery ? [order.delivery] : [])],
    button: { label: "Open the order", url: `${order.origin}/admin/orders?search=${encodeURIComponent(order.orderNumber)}` },
    footer: `Staff alert from ${order.storeName}. Turn these off in Settings → Notifications → Email notifications.`,
  });
  return { to, subject: `New order ${order.orderNumber} — ${total}`, html, text, kind: "new-order-alert" };
}

export async function queueNewOrderAlerts(db: Db, order: NewOrderAlert): Promise<void> {
  for (const to of await adminEmailAddresses(db)) await queueEmail(db, newOrderAlertEmail(to, order));
}

export function newCustomerAlertEmail(to: string, data: { storeName: string; origin: string; customerEmail: string }): OutgoingEmail {
  const { html, text } = renderEmail({
    storeName: data.storeName,
    preheader: `${data.customerEmail} created an account`,
    heading: "A new customer account",
    paragraphs: [`${data.customerEmail} has just created an account at ${data.storeName}.`],
    button: { label: "Open customers", url: `${data.origin}/admin/customers` },
    footer: `Staff alert from ${data.storeName}. Turn these off in Settings → Notifications → Customer notifications.`,
  });
  return { to, subject: `New customer: ${data.customerEmail}`, html, text, kind: "new-customer-alert" };
}

export async function queueNewCustomerAlerts(db: Db, data: { storeName: string; origin: string; customerEmail: string }): Promise<number> {
  const recipients = (await adminEmailAddresses(db)).filter((email) => email !== data.customerEmail);
  for (const to of recipients) await queueEmail(db, newCustomerAlertEmail(to, data));
  return recipients.length;
}
