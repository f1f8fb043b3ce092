import { eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { users } from "~db/schema/auth";

/** Emails are stored lower-case by better-auth; compare the same way. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, sql`${normalizeEmail(email)}`))
    .limit(1);
  return row?.id ?? null;
}
