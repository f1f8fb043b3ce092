import { and, eq, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { activityLog } from "~db/schema/activity";
import { fromLocalInput } from "~/lib/dates";
import type { ActivityArea } from "./activity-kinds";

/**
 * Reading the activity log (decision 049). Newest first, a page at a time by keyset (the last
 * entry's time and id), never by offset or count: every page, filtered or not, is one walk down
 * an index of `(filter, at desc, id desc)` however long the log grows (1,000,000 entries: see
 * docs/performance.md). The entries themselves are written by the database (migration 0034).
 */

export type Changes = Record<string, [unknown, unknown] | "hidden">;

export interface ActivityEntry {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string;
  actorRole: string | null;
  ip: string | null;
  action: string;
  area: string;
  kind: string;
  operation: "created" | "changed" | "removed";
  subjectId: string;
  subjectLabel: string | null;
  productId: number | null;
  orderId: string | null;
  changes: Changes;
}

export interface ActivityFilter {
  actorId?: string;
  area?: ActivityArea;
  /** Days in the store's time zone ("2026-12-01"), both included. */
  fromDay?: string;
  toDay?: string;
  productId?: number;
  orderId?: string;
}

/** Where a page starts: after this entry (older) or before it (newer). */
export interface ActivityCursor {
  at: string;
  id: number;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** The cursor for the next older page, when there is one. */
  older: ActivityCursor | null;
  /** The cursor for the newer page, when this is not the newest. */
  newer: ActivityCursor | null;
}

export const ACTIVITY_PAGE_SIZE = 50;

function conditions(filter: ActivityFilter, timeZone: string): SQL[] {
  const t = activityLog;
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(t.actorId, filter.actorId));
  if (filter.area) where.push(eq(t.area, filter.area));
  if (filter.productId !== undefined) where.push(eq(t.productId, filter.productId));
  if (filter.orderId) where.push(eq(t.orderId, filter.orderId));
  if (filter.fromDay) where.push(sql`${t.at} >= ${fromLocalInput(`${filter.fromDay}T00:00`, timeZone).toISOString()}`);
  if (filter.toDay) where.push(sql`${t.at} < ${nextDayStart(filter.toDay, timeZone).toISOString()}`);
  return where;
}

function nextDayStart(day: string, timeZone: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return fromLocalInput(`${next.toISOString().slice(0, 10)}T00:00`, timeZone);
}

/**
 * Newest first and oldest first, as the indexes give them (db/schema/activity.ts). `at` and `id`
 * are never null, so where the nulls go changes nothing in the order; it says which indexes
 * can give it: the log as a whole (or a span of days) is read from the index of times, sorted
 * NULLS FIRST; a filter's entries from the index of its columns, sorted NULLS LAST, which the
 * index of times cannot give. So the planner never reads the log newest first dropping what
 * does not match the filter: quick when matches are many and recent, but all of the log since
 * when they are old (a member who left months ago), which its statistics cannot foresee.
 */
const ORDER = {
  whole: {
    newestFirst: sql`${activityLog.at} desc nulls first, ${activityLog.id} desc nulls first`,
    oldestFirst: sql`${activityLog.at} asc nulls last, ${activityLog.id} asc nulls last`,
  },
  filtered: {
    newestFirst: sql`${activityLog.at} desc nulls last, ${activityLog.id} desc nulls last`,
    oldestFirst: sql`${activityLog.at} asc nulls first, ${activityLog.id} asc nulls first`,
  },
};

/** Whether the filter names a person, an area, a product or an order (then it has its own index). */
function isFiltered(filter: ActivityFilter): boolean {
  return Boolean(filter.actorId || filter.area || filter.productId !== undefined || filter.orderId);
}

/**
 * One page of the log, newest first. `older`: the page after that entry; `newer`: the page just
 * before it (read oldest-first from the cursor, then turned round).
 */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  timeZone: string,
  page: { older?: ActivityCursor; newer?: ActivityCursor; size?: number } = {},
): Promise<ActivityPage> {
  const size = page.size ?? ACTIVITY_PAGE_SIZE;
  const where = conditions(filter, timeZone);
  const t = activityLog;
  const goingNewer = Boolean(page.newer && !page.older);
  const cursor = page.older ?? page.newer;
  if (cursor) {
    where.push(
      goingNewer
        ? sql`(${t.at}, ${t.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
        : sql`(${t.at}, ${t.id}) < (${cursor.at}::timestamptz, ${cursor.id})`,
    );
  }
  const rows = await db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(ORDER[isFiltered(filter) ? "filtered" : "whole"][goingNewer ? "oldestFirst" : "newestFirst"])
    .limit(size + 1);
  const more = rows.length > size;
  const kept = (more ? rows.slice(0, size) : rows) as ActivityEntry[];
  if (goingNewer) kept.reverse();
  const first = kept[0];
  const last = kept.at(-1);
  return {
    entries: kept,
    older: last && (goingNewer || more) ? cursorOf(last) : null,
    newer: first && (goingNewer ? more : Boolean(cursor)) ? cursorOf(first) : null,
  };
}

export function cursorOf(entry: Pick<ActivityEntry, "at" | "id">): ActivityCursor {
  return { at: entry.at.toISOString(), id: entry.id };
}

/** "2026-12-04T01:02:03.456Z_812": the cursor as it travels in a link. */
export function encodeCursor(cursor: ActivityCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

export function decodeCursor(text: string | null | undefined): ActivityCursor | undefined {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)_(\d{1,18})$/.exec(text ?? "");
  if (!match || Number.isNaN(Date.parse(match[1]!))) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { at: match[1]!, id } : undefined;
}

export interface ActivityPerson {
  id: string;
  name: string;
}

/**
 * Everyone who has an entry, for the person filter: one index probe per person (a skip scan of
 * `activity_log_actor_idx`), not a pass over the whole log. Each name is their latest entry's,
 * read newest first NULLS LAST: from their own index, never the whole log's (see ORDER).
 */
export async function activityPeople(db: Db): Promise<ActivityPerson[]> {
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`with recursive people(id) as (
          (select actor_id from activity_log where actor_id is not null order by actor_id limit 1)
          union all
          select (select actor_id from activity_log where actor_id > people.id order by actor_id limit 1)
          from people where people.id is not null
        )
        select people.id,
               (select actor_name from activity_log a where a.actor_id = people.id order by a.at desc nulls last, a.id desc nulls last limit 1) as name
        from people where people.id is not null`,
  );
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every entry the filter matches, newest first, a batch at a time (the CSV export). */
export async function* allActivity(db: Db, filter: ActivityFilter, timeZone: string, batch = 2_000): AsyncGenerator<ActivityEntry> {
  let older: ActivityCursor | undefined;
  for (;;) {
    const page = await listActivity(db, filter, timeZone, { older, size: batch });
    yield* page.entries;
    if (!page.older) return;
    older = page.older;
  }
}
