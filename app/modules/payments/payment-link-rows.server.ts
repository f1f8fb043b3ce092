import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~db/client";
import { paymentLinks } from "~db/schema/staff-orders";

/**
 * Once an order is paid (by its link, at Paystack's checkout or as staff recorded it), its open
 * payment links say so: opened again, they show the order paid instead of asking for money.
 * Called in the transaction that marks the order paid.
 */
export async function markPaymentLinksPaid(tx: Db, orderId: string, paidAt: Date): Promise<void> {
  await tx
    .update(paymentLinks)
    .set({ paidAt })
    .where(and(eq(paymentLinks.orderId, orderId), isNull(paymentLinks.paidAt), isNull(paymentLinks.revokedAt)));
}
