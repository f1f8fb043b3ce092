import { and, notInArray, sql, type SQL } from "drizzle-orm";
import { orders } from "~db/schema/orders";
import type { ProductionFilter } from "./production-steps";

/**
 * The orders list's Production filter (?production=): orders whose current step is the one
 * chosen (not cancelled), or "not-started": workshop orders still open with no step yet. Both read
 * only the few workshop orders (order_items_workshop_idx, order_production_steps_order_idx),
 * never every order, so the filter costs the same over a million orders.
 */
export function productionCondition(filter: ProductionFilter): SQL {
  if (filter === "not-started")
    return and(
      notInArray(orders.orderStatus, ["cancelled", "shipped", "delivered"]),
      sql`${orders.id} in (select i.order_id from order_items i where i.kind <> 'standard')`,
      sql`not exists (select 1 from order_production_steps p where p.order_id = ${orders.id})`,
    )!;
  // Each order's newest move is its current step.
  return and(
    notInArray(orders.orderStatus, ["cancelled"]),
    sql`${orders.id} in (select c.order_id from (select distinct on (p.order_id) p.order_id, p.step from order_production_steps p order by p.order_id, p.id desc) c where c.step = ${filter})`,
  )!;
}
