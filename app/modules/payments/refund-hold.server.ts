import type { Db } from "~db/client";
import type { StatusEmailSender } from "~/modules/orders/order-emails.server";
import type { PaystackRefundEvent, RefundEventName } from "./paystack-client.server";
import { alertStaffOnOrder } from "./payment-alerts.server";
import { refundMoney } from "./refund-email.server";
import type { RefundOrder } from "./refund-ledger.server";

/** The refund's state as the held note says it. */
const HELD_STATE: Record<RefundEventName, string> = {
  "refund.pending": "pending",
  "refund.processing": "being processed",
  "refund.processed": "processed",
  "refund.failed": "failed",
  "refund.needs-attention": "needing attention",
};

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
  data: PaystackRefundEvent,
  left: { remaining: number; currency: string },
  sender: StatusEmailSender,
): Promise<"held-for-staff"> {
  const named = data.refundReference ?? data.refundId;
  const reported = refundMoney(data.amount, data.currency ?? left.currency);
  const body =
    `Paystack reported a refund of ${reported} on payment ${data.transactionReference}${named ? ` (Paystack refund ${named})` : ""}, ` +
    `${HELD_STATE[event]}, that the shop did not ask for and that is more than the ` +
    `${refundMoney(left.remaining, left.currency)} left to refund on it. It was not recorded: check it in the Paystack dashboard ` +
    `and record what was really refunded.`;
  await alertStaffOnOrder(
    tx,
    order,
    {
      author: HELD_REFUND_AUTHOR,
      subject: `Refund held for review — order ${order.orderNumber}`,
      heading: `A refund on order ${order.orderNumber} needs your attention`,
      body,
      kind: "refund-held-alert",
    },
    sender,
  );
  return "held-for-staff";
}
