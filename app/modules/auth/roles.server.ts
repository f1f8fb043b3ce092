import { eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { userRoles } from "~db/schema/store";
import { roleOf, type Role } from "./capabilities";

export type { Role } from "./capabilities";

interface RoleLog {
  error(obj: object, msg?: string): void;
}

/**
 * The user's role as the shop acts on it (docs/product-rules.md §6): no row → customer; a
 * suspended member → customer (no staff access until reactivated); a lookup error is logged and
 * also gives customer, so a database hiccup never grants staff access.
 */
export async function getUserRole(db: Db, userId: string, log?: RoleLog): Promise<Role> {
  try {
    const [row] = await db
      .select({ role: userRoles.role, suspendedAt: userRoles.suspendedAt })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .limit(1);
    return effectiveRole(row?.role, row?.suspendedAt ?? null);
  } catch (error) {
    log?.error({ err: error, userId }, "role lookup failed; treating the user as a customer");
    return "customer";
  }
}

/** A stored role and suspension as the shop acts on them: a suspended member is a customer. */
export function effectiveRole(stored: unknown, suspendedAt: Date | null): Role {
  return suspendedAt ? "customer" : roleOf(stored);
}

/** Sets (inserts or replaces) the user's role, active (not suspended). */
export async function setUserRole(db: Db, userId: string, role: Role): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role, suspendedAt: null, updatedAt: sql`now()` } });
}
