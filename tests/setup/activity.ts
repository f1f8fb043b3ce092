import { asc, gt, sql } from "drizzle-orm";
import { runInActivityScope } from "~db/activity-scope";
import type { Db } from "~db/client";
import { activityLog } from "~db/schema/activity";
import type { ActivityEntry } from "~/modules/activity/activity-log.server";

/**
 * The activity log (decision 049) as tests read it. The server runs every post in its own scope
 * (server/http.ts); a test calling a route action directly runs it in one with `inActivityScope`,
 * so the admin's guard can name who acts and the action's transactions record their changes.
 */
export function inActivityScope<T>(work: () => Promise<T>): Promise<T> {
  return runInActivityScope(work);
}

/** The newest entry's id (0 for an empty log): read before a change, pass to `entriesSince` after. */
export async function lastActivityId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${activityLog.id}), 0)::int` }).from(activityLog);
  return Number(row?.id ?? 0);
}

/** Every entry written after `since`, oldest first. */
export async function entriesSince(db: Db, since: number): Promise<ActivityEntry[]> {
  return (await db.select().from(activityLog).where(gt(activityLog.id, since)).orderBy(asc(activityLog.id))) as ActivityEntry[];
}

/** What a change wrote to the log: the entries after running `work` (in an activity scope). */
export async function entriesOf<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; entries: ActivityEntry[] }> {
  const since = await lastActivityId(db);
  const result = await inActivityScope(work);
  return { result, entries: await entriesSince(db, since) };
}
