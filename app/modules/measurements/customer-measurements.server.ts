import { eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { customerMeasurements } from "~db/schema/custom";
import type { Measurements } from "./measurements";
import { storedMeasurementsSchema } from "./measurements.schema";

/** A signed-in customer's last measurements (offered the next time), or null. */
export async function savedMeasurements(db: Db, userId: string): Promise<Measurements | null> {
  const [row] = await db
    .select({ m: customerMeasurements.measurements })
    .from(customerMeasurements)
    .where(eq(customerMeasurements.userId, userId));
  const parsed = storedMeasurementsSchema.safeParse(row?.m);
  return parsed.success ? parsed.data : null;
}

/** Keeps `measurements` as the customer's last ones (pass the transaction of the change that brought them). */
export async function saveMeasurements(db: Db, userId: string, measurements: Measurements): Promise<void> {
  await db
    .insert(customerMeasurements)
    .values({ userId, measurements })
    .onConflictDoUpdate({ target: customerMeasurements.userId, set: { measurements, updatedAt: sql`now()` } });
}
