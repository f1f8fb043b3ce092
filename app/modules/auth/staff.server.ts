import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { setUserRole } from "~/modules/auth/roles.server";
import { isStaffRole, ROLE_LABELS, type StaffRole } from "./capabilities";

/**
 * The shop's staff (Settings → Staff, decision 047): who they are, their role, and the owner's
 * changes — a new role, suspension, reactivation, removal. A member is a user_roles row with a
 * staff role whose account still exists in `users`; a row left behind by a deleted account
 * counts for nothing, so it can never be "the other owner" that lets the last real one go.
 *
 * Every change runs in one transaction that locks all staff rows first (in one order, so two
 * changes cannot deadlock): two owners demoting each other at the same moment take turns, and
 * the second finds itself no longer an owner, or the other the last one. The member's sessions
 * are deleted in the same transaction, so they are signed out everywhere at once; and since the
 * role is read with the session on every request (session-read.server.ts), nothing cached can
 * outlive the change.
 */
export type StaffErrorCode =
  | "not-staff"
  | "self"
  | "last-owner"
  | "actor-not-owner"
  | "owner-exists"
  | "no-account"
  | "already-owner"
  | "same-role"
  | "not-suspended"
  | "suspended";

export class StaffChangeError extends Error {
  override name = "StaffChangeError";
  constructor(
    message: string,
    readonly code: StaffErrorCode,
  ) {
    super(message);
  }
}

export interface StaffMember {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  suspended: boolean;
  /** When the member's role record was created. */
  since: string;
}

const STAFF_ROLES_SQL = sql`('owner', 'manager', 'staff', 'accountant')`;

/** Every staff member with an account (suspended ones too), owners first, then by when they joined. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await queryRows<{ user_id: string; email: string; name: string; role: string; suspended: boolean; since_ms: number }>(
    db,
    sql`select ur.user_id, u.email, u.name, ur.role, ur.suspended_at is not null as suspended,
               (extract(epoch from ur.created_at) * 1000)::float8 as since_ms
        from user_roles ur join users u on u.id = ur.user_id
        where ur.role in ${STAFF_ROLES_SQL}
        order by (ur.role = 'owner') desc, ur.created_at, u.email`,
  );
  return rows
    .filter((r) => isStaffRole(r.role))
    .map((r) => ({
      userId: r.user_id,
      email: r.email,
      name: r.name,
      role: r.role as StaffRole,
      suspended: Boolean(r.suspended),
      since: new Date(Number(r.since_ms)).toISOString(),
    }));
}

/** Active owners with an account. */
export async function countOwners(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from user_roles ur join users u on u.id = ur.user_id
        where ur.role = 'owner' and ur.suspended_at is null`,
  );
  return Number(row?.n ?? 0);
}

export type StaffChange = { kind: "role"; role: StaffRole } | { kind: "suspend" } | { kind: "reactivate" } | { kind: "remove" };

interface LockedMember {
  user_id: string;
  role: string;
  suspended: boolean;
}

const isActiveOwner = (m: LockedMember | undefined) => m !== undefined && m.role === "owner" && !m.suspended;

/**
 * The owner `actorUserId` changes `targetUserId`: a new role, suspension, reactivation or removal
 * (back to a customer account: their orders and account stay). Refused for a target who is not
 * staff, for an actor who is not (or no longer) an active owner, for suspending or removing
 * oneself, and for anything that would leave the shop without an active owner. The target's
 * sessions end in the same transaction (except on reactivation: they have none to end).
 */
export async function changeStaffMember(
  db: Db,
  { actorUserId, targetUserId, change }: { actorUserId: string; targetUserId: string; change: StaffChange },
): Promise<{ email: string; role: StaffRole | "customer"; suspended: boolean }> {
  if (actorUserId === targetUserId && (change.kind === "suspend" || change.kind === "remove"))
    throw new StaffChangeError(
      change.kind === "remove" ? "You cannot remove yourself. Ask another owner." : "You cannot suspend yourself.",
      "self",
    );
  return db.transaction(async (tx) => {
    const members = await queryRows<LockedMember & { email: string }>(
      tx,
      sql`select ur.user_id, ur.role, ur.suspended_at is not null as suspended, u.email
          from user_roles ur join users u on u.id = ur.user_id
          where ur.role in ${STAFF_ROLES_SQL}
          order by ur.user_id
          for update of ur`,
    );
    const actor = members.find((m) => m.user_id === actorUserId);
    const target = members.find((m) => m.user_id === targetUserId);
    if (!isActiveOwner(actor)) throw new StaffChangeError("Only an owner can change staff.", "actor-not-owner");
    if (!target) throw new StaffChangeError("This person is not on the staff.", "not-staff");

    const after: LockedMember =
      change.kind === "role"
        ? { ...target, role: change.role }
        : change.kind === "suspend"
          ? { ...target, suspended: true }
          : change.kind === "reactivate"
            ? { ...target, suspended: false }
            : { ...target, role: "customer" };
    if (change.kind === "role" && target.role === change.role)
      throw new StaffChangeError(`${target.email} is already ${article(change.role)} ${ROLE_LABELS[change.role]}.`, "same-role");
    if (change.kind === "reactivate" && !target.suspended) throw new StaffChangeError(`${target.email} is not suspended.`, "not-suspended");
    if (change.kind === "suspend" && target.suspended) throw new StaffChangeError(`${target.email} is already suspended.`, "suspended");
    const ownersLeft = members.filter((m) => (m.user_id === targetUserId ? isActiveOwner(after) : isActiveOwner(m))).length;
    if (ownersLeft === 0)
      throw new StaffChangeError(
        "The shop's last owner cannot be removed, demoted or suspended. Make another member an owner first.",
        "last-owner",
      );

    if (change.kind === "remove") await setUserRole(tx, targetUserId, "customer");
    else
      await tx.execute(
        sql`update user_roles set role = ${after.role}, suspended_at = ${after.suspended ? sql`now()` : null}, updated_at = now()
            where user_id = ${targetUserId}`,
      );
    // Signed out everywhere, in the same transaction (reactivation has no session to end).
    if (change.kind !== "reactivate") await tx.execute(sql`delete from sessions where user_id = ${targetUserId}`);
    return { email: target.email, role: isStaffRole(after.role) ? after.role : "customer", suspended: after.suspended };
  });
}

const article = (role: StaffRole) => (role === "owner" || role === "accountant" ? "an" : "a");

/**
 * "Make Current User Admin" (Diagnostic page): makes the signed-in user the Owner, only while
 * the shop has no active owner at all. The table lock (SHARE ROW EXCLUSIVE conflicts with itself
 * and with every role write) makes concurrent claims take turns, so two at once give one owner.
 */
export async function claimFirstOwner(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table user_roles in share row exclusive mode`);
    const [state] = await queryRows<{ owners: string; user_exists: boolean; is_owner: boolean }>(
      tx,
      sql`select (select count(*) from user_roles ur join users u on u.id = ur.user_id
                  where ur.role = 'owner' and ur.suspended_at is null) as owners,
                 exists (select 1 from users where id = ${userId}) as user_exists,
                 exists (select 1 from user_roles where user_id = ${userId} and role = 'owner' and suspended_at is null) as is_owner`,
    );
    if (!state?.user_exists) throw new StaffChangeError("No account found for the signed-in user. Sign in again.", "no-account");
    if (state.is_owner) throw new StaffChangeError("You are already the owner.", "already-owner");
    if (Number(state.owners) > 0)
      throw new StaffChangeError("This shop already has an owner. Ask the owner to invite you from Settings → Staff.", "owner-exists");
    await setUserRole(tx, userId, "owner");
  });
}
