import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { users } from "~db/schema/auth";
import { orders } from "~db/schema/orders";

/**
 * Guest orders join the account that owns their email (docs/product-rules.md §3 "Guest orders
 * and accounts"): every order placed without an account (user_id null) whose checkout email is
 * the account's, trimmed and case-insensitive, gets the account's user id, in one transaction.
 *
 * Only for a verified email: anyone can sign up with someone else's address, and an unverified
 * account must not see that person's orders. Called when the email is verified and at every
 * sign-in (a verified customer may have bought as a guest while signed out since). Idempotent:
 * a second call finds nothing left to join. Returns how many orders joined.
 */
export async function joinGuestOrdersToAccount(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
    if (!user?.emailVerified) return 0;
    // The condition is orders_guest_email_idx's own expression, so this is an index range scan.
    const joined = await tx
      .update(orders)
      .set({ userId, updatedAt: new Date() })
      .where(and(isNull(orders.userId), sql`lower(btrim(${orders.customerEmail})) = ${user.email.trim().toLowerCase()}`))
      .returning({ id: orders.id });
    return joined.length;
  });
}
