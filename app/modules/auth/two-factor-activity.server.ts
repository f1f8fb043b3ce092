import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { twoFactors, users } from "~db/schema/auth";
import { recordActivity, type RecordedChange } from "~/modules/activity/record-activity.server";
import type { Changes } from "~/modules/activity/activity-log.server";

/*
 * The activity log's entries for a member's authenticator app (decision 049). better-auth's
 * two-factor plugin writes its `two_factors` row through the adapter it was made with, outside
 * any transaction of ours, so the database's trigger never sees who did it; run inside one, its
 * writes and our auth hooks' (the rate limits) would wait on each other on the embedded database,
 * and a wrong password's count would roll back with it. So the security page reads the member's
 * two-factor state before the plugin's call and, once the plugin has changed it, writes what
 * changed itself: the same entries the trigger would write (the secret and recovery codes
 * "hidden"), with the same who, where from and form. A refused call changes nothing and records
 * nothing.
 */

export interface TwoFactorState {
  email: string;
  enabled: boolean;
  app: { secret: string; backupCodes: string; verified: boolean } | null;
}

export async function twoFactorState(db: Db, userId: string): Promise<TwoFactorState | null> {
  const [user] = await db.select({ email: users.email, enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [app] = await db
    .select({ secret: twoFactors.secret, backupCodes: twoFactors.backupCodes, verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return { email: user.email, enabled: user.enabled === true, app: app ?? null };
}

/** Records what the plugin changed since `before` (read with twoFactorState just before its call). */
export async function recordTwoFactorChanges(db: Db, userId: string, before: TwoFactorState | null): Promise<void> {
  const after = await twoFactorState(db, userId);
  if (!before || !after) return;
  const entries: RecordedChange[] = [];
  const about = { area: "staff" as const, subjectId: userId, subjectLabel: after.email };
  if (before.enabled !== after.enabled)
    entries.push({ ...about, kind: "account", operation: "changed", changes: { two_factor_enabled: [before.enabled, after.enabled] } });
  const app: Changes = {};
  if (before.app?.secret !== after.app?.secret) app.secret = "hidden";
  if (before.app?.backupCodes !== after.app?.backupCodes) app.backup_codes = "hidden";
  if (before.app && after.app && before.app.verified !== after.app.verified) app.verified = [before.app.verified, after.app.verified];
  if (!before.app && after.app) app.verified = [null, after.app.verified];
  if (before.app && !after.app) app.verified = [before.app.verified, null];
  if (Object.keys(app).length > 0)
    entries.push({
      ...about,
      kind: "two-step sign-in",
      operation: !before.app ? "created" : !after.app ? "removed" : "changed",
      changes: app,
    });
  await recordActivity(db, entries);
}
