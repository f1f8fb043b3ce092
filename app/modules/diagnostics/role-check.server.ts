import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { userRoles } from "~db/schema/store";
import { effectiveRole, type Role } from "~/modules/auth/roles.server";
import type { Check } from "./diagnostics.server";
import { errorMessage } from "./table-counts.server";

/**
 * The Diagnostic page's role check. Unlike getUserRole (which falls back to "customer" on any
 * error, so a hiccup never grants admin), this reports the lookup's error, for docs/product-rules.md's
 * "Role check failed: {message}". `row` says whether a user_roles row exists at all.
 */
export async function checkUserRole(db: Db, userId: string): Promise<Check<{ role: Role; row: boolean }>> {
  try {
    const [row] = await db
      .select({ role: userRoles.role, suspendedAt: userRoles.suspendedAt })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .limit(1);
    return { ok: true, value: { role: effectiveRole(row?.role, row?.suspendedAt ?? null), row: row !== undefined } };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}
