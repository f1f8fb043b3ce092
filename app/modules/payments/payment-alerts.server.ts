import { and, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderNotes } from "~db/schema/orders";
import { adminEmailAddresses } from "~/modules/email/admin-alerts.server";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { brand } from "~/lib/brand";

/** What Paystack told the shop that staff must act on: a refund that failed, a dispute, a double payment. */
export interface PaymentAlert {
  /** The staff note's author, as the order's admin view shows it ("Paystack"). */
  author: string;
  /** The email's subject and heading. */
  subject: string;
  heading: string;
  /** What happened and what to do: the staff note's text and the email's body. */
  body: string;
  /** The email's kind in the outbox ("refund-failed-alert"…). */
  kind: string;
}

/**
 * Writes the alert on the order as a staff note (seen only in the admin) and emails it to every
 * admin, in the caller's transaction (which holds the order's row lock). Once per text: a
 * replayed event that would say the same thing again finds its note and does nothing. Returns
 * whether it was written now.
 */
export async function alertStaffOnOrder(
  tx: Db,
  order: { id: string; orderNumber: string },
  alert: PaymentAlert,
  sender: StatusEmailSender,
): Promise<boolean> {
  const [already] = await tx
    .select({ id: orderNotes.id })
    .from(orderNotes)
    .where(and(eq(orderNotes.orderId, order.id), eq(orderNotes.kind, "staff"), eq(orderNotes.body, alert.body)))
    .limit(1);
  if (already) return false;
  await tx.insert(orderNotes).values({ orderId: order.id, kind: "staff", body: alert.body, authorId: null, authorName: alert.author });
  const storeName = sender.storeName ?? brand.name;
  for (const to of await adminEmailAddresses(tx)) {
    const { html, text } = renderEmail({
      storeName,
      preheader: alert.heading,
      heading: alert.heading,
      paragraphs: [alert.body],
      ...(sender.origin
        ? { button: { label: "Open the order", url: `${sender.origin}/admin/orders?search=${encodeURIComponent(order.orderNumber)}` } }
        : {}),
      footer: `Staff alert from ${storeName}.`,
    });
    await queueEmail(tx, { to, subject: alert.subject, html, text, kind: alert.kind });
  }
  return true;
}
