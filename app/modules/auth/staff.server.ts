import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { setUserRole } from "~/modules/auth/roles.server";

/**
 * Who is an admin (Settings → Admin Users, and the Diagnostic page's first-admin claim).
 * An admin is a user_roles row with role "admin" whose account still exists in `users`; a
 * role row left behind by a deleted account counts for nothing, so it can never be "the other
 * admin" that lets the last real one go.
 *
 * The rules that must hold with several admins clicking at once are checked under locks:
 * removals lock the admin rows (two admins removing each other leave one), and the first-admin
 * claim locks the user_roles table (two claims at once make one admin).
 */
export type AdminUserErrorCode =
  "invalid-email" | "no-account" | "already-admin" | "not-admin" | "self" | "last-admin" | "actor-not-admin" | "admin-exists";

export class AdminUserError extends Error {
  override name = "AdminUserError";
  constructor(
    message: string,
    readonly code: AdminUserErrorCode,
  ) {
    super(message);
  }
}

export interface AdminUser {
  userId: string;
  email: string;
  name: string;
  /** When the user's role record was created. */
  createdAt: string;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Admins with an account, oldest first. */
export async function listAdmins(db: Db): Promise<AdminUser[]> {
  const rows = await queryRows<{ user_id: string; email: string; name: string; created_ms: number }>(
    db,
    sql`select ur.user_id, u.email, u.name, (extract(epoch from ur.created_at) * 1000)::float8 as created_ms
        from user_roles ur join users u on u.id = ur.user_id
        where ur.role = 'admin'
        order by ur.created_at, u.email`,
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, createdAt: new Date(Number(r.created_ms)).toISOString() }));
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from user_roles ur join users u on u.id = ur.user_id where ur.role = 'admin'`,
  );
  return Number(row?.n ?? 0);
}

/** Makes the account with this email (trimmed, any case) an admin. */
export async function addAdminByEmail(db: Db, emailInput: string): Promise<AdminUser> {
  const email = normalizeEmail(emailInput);
  if (!email) throw new AdminUserError("Enter the email address of the account to make admin.", "invalid-email");
  const [user] = await queryRows<{ id: string; email: string; name: string; role: string | null }>(
    db,
    sql`select u.id, u.email, u.name, ur.role
        from users u left join user_roles ur on ur.user_id = u.id
        where lower(u.email) = ${email}
        limit 1`,
  );
  if (!user) throw new AdminUserError("No account with this email. Ask them to sign up first.", "no-account");
  if (user.role === "admin") throw new AdminUserError(`${user.email} is already an admin.`, "already-admin");
  await setUserRole(db, user.id, "admin");
  const added = (await listAdmins(db)).find((a) => a.userId === user.id);
  return added ?? { userId: user.id, email: user.email, name: user.name, createdAt: new Date().toISOString() };
}

/**
 * Takes admin from `targetUserId` (they become a customer). Not yourself, and never the last
 * admin: the admin rows are locked (in one order, so two removals cannot deadlock), so a
 * concurrent removal waits and then sees the admins that are left.
 */
export async function removeAdmin(db: Db, { actorUserId, targetUserId }: { actorUserId: string; targetUserId: string }): Promise<void> {
  if (actorUserId === targetUserId) throw new AdminUserError("You cannot remove your own admin access.", "self");
  await db.transaction(async (tx) => {
    const admins = await queryRows<{ user_id: string }>(
      tx,
      sql`select ur.user_id from user_roles ur join users u on u.id = ur.user_id
          where ur.role = 'admin'
          order by ur.user_id
          for update of ur`,
    );
    const ids = new Set(admins.map((a) => a.user_id));
    if (!ids.has(targetUserId)) throw new AdminUserError("This user is not an admin.", "not-admin");
    if (ids.size <= 1) throw new AdminUserError("The last admin cannot be removed. Make another account admin first.", "last-admin");
    if (!ids.has(actorUserId)) throw new AdminUserError("Only admins can remove admins.", "actor-not-admin");
    await setUserRole(tx, targetUserId, "customer");
  });
}

/**
 * "Make Current User Admin" (Diagnostic page): works only while the shop has no admin at all.
 * The table lock (SHARE ROW EXCLUSIVE conflicts with itself and with every role write) makes
 * concurrent claims take turns, so two at once give exactly one admin.
 */
export async function claimFirstAdmin(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table user_roles in share row exclusive mode`);
    const [state] = await queryRows<{ admins: string; user_exists: boolean; is_admin: boolean }>(
      tx,
      sql`select (select count(*) from user_roles ur join users u on u.id = ur.user_id where ur.role = 'admin') as admins,
                 exists (select 1 from users where id = ${userId}) as user_exists,
                 exists (select 1 from user_roles where user_id = ${userId} and role = 'admin') as is_admin`,
    );
    if (!state?.user_exists) throw new AdminUserError("No account found for the signed-in user. Sign in again.", "no-account");
    if (state.is_admin) throw new AdminUserError("You are already an admin.", "already-admin");
    if (Number(state.admins) > 0)
      throw new AdminUserError(
        "This shop already has an admin. Ask an admin to give you admin access in Settings → Admin Users.",
        "admin-exists",
      );
    await setUserRole(tx, userId, "admin");
  });
}
