import { sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { newsletterSubscribers } from "~db/schema/store";

/** Subscribes an email once (case-insensitive); returns whether it was new. */
export async function subscribeToNewsletter(db: Db, email: string, source = "footer"): Promise<{ created: boolean }> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase(), source })
    .onConflictDoNothing({ target: sql`lower(${newsletterSubscribers.email})` as never })
    .returning({ id: newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
