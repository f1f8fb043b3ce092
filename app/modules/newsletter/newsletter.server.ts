import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";

/** Subscribes an email once (case-insensitive); returns whether it was new. */
export async function subscribeToNewsletter(db: Db, email: string, source = "footer"): Promise<{ created: boolean }> {
  // The unique index is on lower(email), which Drizzle's conflict target cannot name.
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into newsletter_subscribers (email, source) values (${email.trim().toLowerCase()}, ${source})
        on conflict (lower(email)) do nothing returning id`,
  );
  return { created: rows.length > 0 };
}
