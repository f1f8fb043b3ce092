import { and, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderNotes } from "~db/schema/orders";
import { adminEmailAddresses } from "~/modules/email/admin-alerts.server";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { renderEmail } from "~/modules/email/email-templates.server";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import { brand } from "~/lib/brand";
import { refundMoney } from "./refund-email.server";
import type { RefundEventName, RefundEvent } from "./refund-events.server";
import type { RefundOrder } from "./refund-ledger.server";

/** Who wrote a held refund's note: the order's admin view shows it as the note's author. */
export const HELD_REFUND_AUTHOR = "Paystack (held for staff)";

/**
 * A refund Paystack reports on one of the shop's payments that the shop did not ask for and
 * that is larger than what is left to refund on it (or in another currency): not recorded as a
 * refund (the books would show more refunded than paid), but written on the order as a staff
 * note (seen only in the admin) and emailed to every admin, once per refund however often the
 * event is delivered. Staff check it in Paystack's dashboard and record what really happened.
 */
export async function holdRefundForStaff(
  tx: Db,
  order: RefundOrder,
  event: RefundEventName,
  data: RefundEvent,
  left: { remaining: number; currency: string },
  sender: StatusEmailSender,
): Promise<"held-for-staff"> {
  const named = data.refundReference ?? data.refundId;
  const reported = refundMoney(data.amount, data.currency ?? left.currency);
  const body =
    `Paystack reported a refund of ${reported} on payment ${data.reference}${named ? ` (Paystack refund ${named})` : ""}, ` +
    `${event === "refund.processed" ? "processed" : "pending"}, that the shop did not ask for and that is more than the ` +
    `${refundMoney(left.remaining, left.currency)} left to refund on it. It was not recorded: check it in the Paystack dashboard ` +
    `and record what was really refunded.`;
  // The order row is locked by the caller: a replay waits here, then finds this note.
  const [already] = await tx
    .select({ id: orderNotes.id })
    .from(orderNotes)
    .where(and(eq(orderNotes.orderId, order.id), eq(orderNotes.kind, "staff"), eq(orderNotes.body, body)))
    .limit(1);
  if (already) return "held-for-staff";
  await tx.insert(orderNotes).values({ orderId: order.id, kind: "staff", body, authorId: null, authorName: HELD_REFUND_AUTHOR });
  const storeName = sender.storeName ?? brand.name;
  for (const to of await adminEmailAddresses(tx)) {
    const { html, text } = renderEmail({
      storeName,
      preheader: `A refund on order ${order.orderNumber} needs your attention`,
      heading: `A refund on order ${order.orderNumber} needs your attention`,
      paragraphs: [body],
      ...(sender.origin
        ? { button: { label: "Open the order", url: `${sender.origin}/admin/orders?search=${encodeURIComponent(order.orderNumber)}` } }
        : {}),
      footer: `Staff alert from ${storeName}.`,
    });
    await queueEmail(tx, { to, subject: `Refund held for review — order ${order.orderNumber}`, html, text, kind: "refund-held-alert" });
  }
  return "held-for-staff";
}
