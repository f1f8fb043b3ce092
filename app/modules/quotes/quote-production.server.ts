import { and, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";

/**
 * An accepted quote's order goes into production when its first money arrives (issue 46, part
 * 4; docs/decisions/042): the deposit (or everything) paid, it moves from "processing" to
 * "confirmed", and its history says the workshop begins. Called by `receivePayment` inside the
 * transaction that counts the payment, with the order's row locked; any other order is left as
 * it is (one conditional update that finds nothing).
 */
export async function startQuotedOrderProduction(tx: Db, orderId: string, changedBy: string): Promise<boolean> {
  const started = await tx
    .update(orders)
    .set({ orderStatus: "confirmed", updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.source, "custom_request"), eq(orders.orderStatus, "processing")))
    .returning({ paymentStatus: orders.paymentStatus });
  if (started.length === 0) return false;
  await tx.insert(orderStatusHistory).values({
    orderId,
    status: "confirmed",
    paymentStatus: started[0]!.paymentStatus,
    notes: "Deposit received: in production",
    changedBy,
  });
  return true;
}
