import crypto from "node:crypto";
import type { Db } from "~db/client";
import { users } from "~db/schema/auth";
import { userRoles } from "~db/schema/store";

let sequence = 0;

export interface UserOverrides {
  id?: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
  createdAt?: Date;
}

/**
 * A shop account written straight into `users`, as better-auth would store it (text id,
 * lower-case email). No password: tests that sign in go through the auth module instead.
 */
export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const n = ++sequence;
  const [row] = await db
    .insert(users)
    .values({
      id: overrides.id ?? `user_${crypto.randomBytes(8).toString("hex")}`,
      name: overrides.name ?? `Test User ${n}`,
      email: (overrides.email ?? `user${n}.${crypto.randomBytes(3).toString("hex")}@example.com`).trim().toLowerCase(),
      emailVerified: overrides.emailVerified ?? true,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A staff account: a user (createUser) with the admin role. */
export async function createAdmin(db: Db, overrides: UserOverrides = {}) {
  const admin = await createUser(db, overrides);
  await db.insert(userRoles).values({ userId: admin.id, role: "owner" });
  return admin;
}
