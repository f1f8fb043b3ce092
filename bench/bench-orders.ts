import { sql } from "drizzle-orm";
import type { Db } from "~db/client";

/**
 * `count` orders from about count/5 customers (every tenth with an account), spread over the
 * last two years, in every status, each with one item, its placement in the history and, when
 * it moved on, one change by the staff.
 */
export async function addOrders(db: Db, count: number) {
  const customers = Math.max(1, Math.floor(count / 5));
  await db.execute(sql`
    insert into orders (order_number, user_id, customer_name, customer_email, customer_phone, customer_address,
                        subtotal_amount, shipping_amount, total_amount, order_status, payment_status, payment_method, created_at)
    select 'ORD-' || lpad(g::text, 7, '0'),
           case when (g % ${customers}) % 10 = 0 then 'user-' || (g % ${customers}) end,
           'Customer ' || (g % ${customers}), 'customer' || (g % ${customers}) || '@example.com',
           '+233 24 ' || lpad((g % ${customers})::text, 7, '0'), 'Ring Road ' || (g % 97) || ', Accra',
           10000 + (g::bigint * 7919) % 240000, case when g % 3 = 0 then 0 else 5000 end,
           10000 + (g::bigint * 7919) % 240000 + case when g % 3 = 0 then 0 else 5000 end,
           (array['processing','confirmed','shipped','delivered','cancelled'])[1 + g % 5],
           (array['pending','paid','failed'])[1 + g % 3],
           (array['pay_on_delivery','card','mobile_money'])[1 + g % 3],
           now() - ((g * 63) % (730 * 24 * 60) || ' minutes')::interval
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, name, category, unit_price, quantity, size)
    select o.id, 1, 'Royal Kente Kaftan', 'Kaftans', o.subtotal_amount, 1, 'M' from orders o`);
  await db.execute(sql`
    insert into order_status_history (order_id, status, payment_status, notes, changed_by, is_initial, created_at)
    select o.id, 'processing', 'pending', 'Order placed', 'guest', true, o.created_at from orders o`);
  // Orders that moved on got one change from the staff, a day later (or now, if sooner).
  await db.execute(sql`
    insert into order_status_history (order_id, status, payment_status, changed_by, created_at)
    select o.id, o.order_status, o.payment_status, 'Ama (admin)', least(now(), o.created_at + interval '1 day')
    from orders o where o.order_status <> 'processing'`);
  // VACUUM as autovacuum would soon after such a load on a shop's server (the shared test server
  // runs without it): index-only scans and counts read the visibility map it sets.
  await db.execute(sql`vacuum analyze`);
}
