import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { currencySymbols, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { forgetOrderSummary } from "~/modules/orders/order-summary.server";
import { startQuotedOrderProduction } from "~/modules/quotes/quote-production.server";
import { balanceOf } from "./order-balance";

/**
 * Money that came in towards an order (issue 46, part 3; docs/decisions/041), whichever way:
 * Paystack, a payment link, a payment staff recorded. Call inside the transaction that records
 * the payment, with the order's row already locked by it. What came in is added to
 * `paid_amount`: reaching the total makes the order paid (the database's trigger then keeps
 * paid_amount at the total), less leaves it deposit_paid with its balance due. Money beyond the
 * total is not counted towards the order: `overpaid` says how much, for staff to refund.
 */
export interface ReceivedPayment {
  status: "paid" | "deposit_paid";
  /** Pesewas counted towards the order. */
  applied: number;
  /** Pesewas beyond what the order still owed. */
  overpaid: number;
  /** What the order still owes after it. */
  balance: number;
}

export interface LockedOrder {
  id: string;
  orderStatus: string;
  paymentStatus: string;
  totalAmount: number;
  paidAmount: number;
  depositAmount: number | null;
  currency: string;
}

export async function receivePayment(
  tx: Db,
  order: LockedOrder,
  amount: number,
  entry: { changedBy: string; notes: string },
): Promise<ReceivedPayment> {
  const total = Number(order.totalAmount);
  const owed = balanceOf({ ...order, totalAmount: total, paidAmount: Number(order.paidAmount) });
  const applied = Math.min(amount, owed);
  const paid = Number(order.paidAmount) + applied;
  const status = paid >= total ? "paid" : "deposit_paid";
  await tx
    .update(orders)
    .set({ paymentStatus: status, paidAmount: Math.min(paid, total), updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  const overpaid = amount - applied;
  const currency = (order.currency in currencySymbols ? order.currency : "GHS") as CurrencyCode;
  const balance = total - Math.min(paid, total);
  const after =
    status === "paid"
      ? overpaid > 0
        ? `. Paid ${formatMoneyWithCode(overpaid, currency)} more than the order owed: refund the difference from Payments`
        : ""
      : `. Balance due: ${formatMoneyWithCode(balance, currency)}`;
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    status: order.orderStatus,
    paymentStatus: status,
    notes: `${entry.notes}${after}`,
    changedBy: entry.changedBy,
  });
  // Hook (decision 042): an accepted quote's order goes into production with its first money.
  await startQuotedOrderProduction(tx, order.id, entry.changedBy);
  forgetOrderSummary(tx);
  return { status, applied, overpaid, balance };
}
