import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { epochMs } from "~/modules/customers/customer-key.server";

export interface ActivityItem {
  /**
   * order-placed: a new order. status-changed / payment-changed: a later status history entry
   * (the order's first entry is its placement, already shown as order-placed). updated: a
   * history entry that changed neither (a note).
   */
  kind: "order-placed" | "status-changed" | "payment-changed" | "updated";
  orderId: string;
  orderNumber: string;
  customerName: string;
  /** pesewas, in `currency` (the order's own) */
  totalAmount: number;
  currency: string;
  status: string;
  previousStatus: string | null;
  paymentStatus: string | null;
  previousPaymentStatus: string | null;
  /** Who made the change, as written to the history ("guest", "customer", an admin's name…). */
  changedBy: string | null;
  notes: string | null;
  at: string;
}

interface ActivitySqlRow {
  kind: ActivityItem["kind"];
  order_id: string;
  order_number: string;
  customer_name: string;
  total_amount: string | number;
  currency: string;
  status: string;
  previous_status: string | null;
  payment_status: string | null;
  previous_payment_status: string | null;
  changed_by: string | null;
  notes: string | null;
  at_ms: number;
}

/**
 * The newest orders and status changes, merged newest first. Each side takes only its newest
 * `limit` rows in index order (placements are left out of the changes' partial index), so the
 * cost does not grow with the size of the shop.
 */
export async function recentActivity(db: Db, limit = 10): Promise<ActivityItem[]> {
  const n = Math.min(Math.max(Math.trunc(limit), 1), 100);
  const rows = await queryRows<ActivitySqlRow>(
    db,
    sql`
      select activity.*, ${epochMs("activity.at")} as at_ms from (
        (select 'order-placed' as kind, o.id as order_id, o.order_number, o.customer_name, o.total_amount, o.currency,
                o.order_status as status, null as previous_status, o.payment_status, null as previous_payment_status,
                null as changed_by, null as notes, o.created_at as at, 0 as tie
         from orders o
         order by o.created_at desc nulls last, o.id
         limit ${n})
        union all
        (select case when h.status is distinct from prev.status then 'status-changed'
                     when h.payment_status is distinct from prev.payment_status then 'payment-changed'
                     else 'updated' end,
                h.order_id, o.order_number, o.customer_name, o.total_amount, o.currency,
                h.status, prev.status, h.payment_status, prev.payment_status, h.changed_by, h.notes, h.created_at, h.id
         from order_status_history h
         join orders o on o.id = h.order_id
         -- A placement is shown as order-placed above; every other entry has one before it.
         left join lateral (
           select p.status, p.payment_status
           from order_status_history p
           where p.order_id = h.order_id and (p.created_at, p.id) < (h.created_at, h.id)
           order by p.created_at desc nulls last, p.id desc
           limit 1
         ) prev on true
         where not h.is_initial
         order by h.created_at desc nulls last, h.id desc nulls last
         limit ${n})
      ) activity
      order by at desc, tie desc
      limit ${n}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    orderId: r.order_id,
    orderNumber: r.order_number,
    customerName: r.customer_name,
    totalAmount: Number(r.total_amount),
    currency: r.currency,
    status: r.status,
    previousStatus: r.previous_status,
    paymentStatus: r.payment_status,
    previousPaymentStatus: r.previous_payment_status,
    changedBy: r.changed_by,
    notes: r.notes,
    at: new Date(Number(r.at_ms)).toISOString(),
  }));
}
