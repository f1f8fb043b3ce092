import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { userRoles } from "~db/schema/store";

export type Role = "admin" | "customer";

interface RoleLog {
  error(obj: object, msg?: string): void;
}

/**
 * The user's role as stored in user_roles (docs/product-rules.md §6): no row → customer; a lookup
 * error is logged and also gives customer, so a database hiccup never grants admin.
 */
export async function getUserRole(db: Db, userId: string, log?: RoleLog): Promise<Role> {
  try {
    const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1);
    return row?.role === "admin" ? "admin" : "customer";
  } catch (error) {
    log?.error({ err: error, userId }, "role lookup failed; treating the user as a customer");
    return "customer";
  }
}

/** Sets (inserts or replaces) the user's role. */
export async function setUserRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}
