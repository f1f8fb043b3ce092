import type { Db } from "~db/client";
import type { Auth } from "./auth.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.server";
import { getUserRole, setUserRole } from "./roles.server";
import { normalizeEmail } from "./users.server";

export class AdminAccountError extends Error {
  override name = "AdminAccountError";
}

export interface AdminAccountResult {
  action: "created" | "promoted" | "already-owner";
  userId: string;
  email: string;
  passwordChanged: boolean;
}

/**
 * `npm run admin:create`: creates a verified account with the Owner role, or makes an existing
 * account an owner (verifying its email, setting the password when one is given, and lifting a
 * suspension): the way back in for a shop that lost its owners (decision 047).
 */
export async function createOrPromoteAdmin(auth: Auth, db: Db, input: { email: string; password?: string }): Promise<AdminAccountResult> {
  const email = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminAccountError(`"${input.email}" is not an email address.`);
  const password = input.password;
  if (password !== undefined && (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH))
    throw new AdminAccountError(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`);

  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!existing) {
    if (!password)
      throw new AdminAccountError(`No account uses ${email}; give a password (--password-stdin, or the prompt) to create one.`);
    const user = await ctx.internalAdapter.createUser(
      { email, name: email.split("@")[0] ?? email, emailVerified: true },
      { method: "email-password" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    await setUserRole(db, user.id, "owner");
    return { action: "created", userId: user.id, email, passwordChanged: true };
  }

  const { user, accounts } = existing;
  const wasOwner = (await getUserRole(db, user.id)) === "owner";
  if (!user.emailVerified) await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
  let passwordChanged = false;
  if (password) {
    const hash = await ctx.password.hash(password);
    if (accounts.some((a) => a.providerId === "credential")) await ctx.internalAdapter.updatePassword(user.id, hash);
    else await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    passwordChanged = true;
  }
  await setUserRole(db, user.id, "owner");
  return { action: wasOwner ? "already-owner" : "promoted", userId: user.id, email, passwordChanged };
}
