import { sql } from "drizzle-orm";
import { currentActivityActor } from "~db/activity-scope";
import type { Db } from "~db/client";
import { activityLog } from "~db/schema/activity";
import type { ActivityArea } from "./activity-kinds";
import type { Changes } from "./activity-log.server";

/** A change the app records itself, in the shape the database's trigger writes (migration 0034). */
export interface RecordedChange {
  area: ActivityArea;
  kind: string;
  operation: "created" | "changed" | "removed";
  subjectId: string;
  subjectLabel: string | null;
  changes: Changes;
}

/**
 * Writes entries for changes the database's trigger could not see in an admin's transaction,
 * as the acting member's (the scope's actor: nothing without one, as for the trigger). Only for
 * writes another library makes outside any transaction of ours (better-auth's two-factor
 * plugin: two-factor-activity.server.ts); every other admin change is recorded by the trigger.
 */
export async function recordActivity(db: Db, changes: RecordedChange[]): Promise<void> {
  const actor = currentActivityActor();
  if (!actor || changes.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(activityLog).values(
      changes.map((change) => ({
        actorId: actor.id,
        actorName: actor.name,
        actorRole: actor.role,
        ip: actor.ip,
        action: actor.action,
        ...change,
      })),
    );
  });
}

/**
 * Runs `work` inside the caller's transaction without the trigger recording it, for a write that
 * changes nothing the shop reads: a settings key saved for the first time is first stored as the
 * default the shop was already using, so the save itself reads default → new in the log, and an
 * untouched field of the tab records nothing. Never for a change of value.
 */
export async function withoutRecording<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  const actor = currentActivityActor();
  if (!actor) return work();
  // The setting the trigger reads (db/activity-scope.ts); "" is read as no actor.
  await tx.execute(sql`select set_config('ahenfie.activity', '', true)`);
  const result = await work();
  await tx.execute(sql`select set_config('ahenfie.activity', ${JSON.stringify(actor)}, true)`);
  return result;
}
