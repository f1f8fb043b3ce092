import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { customerMeasurements, customRequests } from "~db/schema/custom";
import { orderItems, orders } from "~db/schema/orders";
import { formatDate } from "~/lib/dates";
import type { Measurements, SavedMeasurements } from "./measurements";
import { storedMeasurementsSchema } from "./measurements.schema";

/** A signed-in customer's last measurements (offered the next time), or null. */
export async function savedMeasurements(db: Db, userId: string): Promise<Measurements | null> {
  return (await lastMeasurements(db, userId, "UTC"))?.measurements ?? null;
}

/**
 * A signed-in customer's last measurements and where they were last given: the later of their
 * last order with a made-to-measure line and their last custom request with measurements (both
 * save them: place-order.server.ts, custom-requests.server.ts), dated in `timeZone`. Null when
 * none are saved.
 */
export async function lastMeasurements(db: Db, userId: string, timeZone: string): Promise<SavedMeasurements | null> {
  const [row] = await db
    .select({ m: customerMeasurements.measurements, updatedAt: customerMeasurements.updatedAt })
    .from(customerMeasurements)
    .where(eq(customerMeasurements.userId, userId));
  const parsed = storedMeasurementsSchema.safeParse(row?.m);
  if (!row || !parsed.success) return null;
  const [[order], [request]] = await Promise.all([
    db
      .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.measurements} is not null)`,
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1),
    db
      .select({ reference: customRequests.reference, createdAt: customRequests.createdAt })
      .from(customRequests)
      .where(and(eq(customRequests.userId, userId), isNotNull(customRequests.measurements)))
      .orderBy(desc(customRequests.createdAt))
      .limit(1),
  ]);
  const measurements = parsed.data;
  if (order && (!request || order.createdAt >= request.createdAt))
    return { measurements, kind: "order", from: `order ${order.orderNumber} of ${formatDate(order.createdAt, timeZone)}` };
  if (request)
    return { measurements, kind: "request", from: `custom request ${request.reference} of ${formatDate(request.createdAt, timeZone)}` };
  return { measurements, kind: "saved", from: `saved on ${formatDate(row.updatedAt, timeZone)}` };
}

/** Keeps `measurements` as the customer's last ones (pass the transaction of the change that brought them). */
export async function saveMeasurements(db: Db, userId: string, measurements: Measurements): Promise<void> {
  await db
    .insert(customerMeasurements)
    .values({ userId, measurements })
    .onConflictDoUpdate({ target: customerMeasurements.userId, set: { measurements, updatedAt: sql`now()` } });
}
