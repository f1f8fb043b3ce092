import { sql } from "drizzle-orm";
import { openDatabase } from "~db/client";
const d = await openDatabase({ url: "postgres://postgres@127.0.0.1:5432/bench_admin_large" });
// Undo the first draft of 0020 on this scratch database, then migrate again.
await d.db.execute(sql.raw(`drop table if exists customer_spend, customer_totals, order_totals, sales_by_quarter_hour, customer_counts cascade;
drop trigger if exists orders_keep_sales_totals_on_insert on orders; drop trigger if exists orders_keep_sales_totals_on_update on orders; drop trigger if exists orders_keep_sales_totals_on_delete on orders;
drop trigger if exists refunds_keep_order_refunded_amount on refunds;
drop function if exists orders_keep_sales_totals, refunds_keep_order_refunded_amount, refresh_customer_totals, customer_orders, order_customer_key, order_was_paid, order_refunded_part;
alter table orders drop column if exists refunded_amount;
delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations);`));
const t = performance.now();
await d.migrate();
console.log("migrated in", ((performance.now() - t) / 1000).toFixed(1), "s");
await d.close();
