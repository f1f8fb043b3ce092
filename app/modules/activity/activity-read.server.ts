import { eq, inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { activityLog } from "~db/schema/activity";
import { products } from "~db/schema/catalog";
import { discountCodes } from "~db/schema/discounts";
import { orders } from "~db/schema/orders";
import { can, type Role } from "~/modules/auth/capabilities";
import { listActivity, type ActivityEntry, type ActivityFilter } from "./activity-log.server";
import { HISTORY_SIZE } from "./activity-params";
import type { DescribedEntry } from "./describe-change";

/**
 * What the Activity page, its export and the product and order histories read beside the log's
 * pages (activity-log.server.ts): one entry by id, the few facts an entry's words need that it
 * does not carry, and a record's latest entries.
 */

export type ActivityRow = ActivityEntry & Pick<DescribedEntry, "discountKind">;

/** One entry, for its details dialog (?entry=<id>): a primary-key read. */
export async function findActivityEntry(db: Db, id: number): Promise<ActivityRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db.select().from(activityLog).where(eq(activityLog.id, id)).limit(1);
  return row ? (await withDiscountKinds(db, [row as ActivityEntry]))[0]! : null;
}

/**
 * A discount code's change of value alone does not say whether the value is a percentage or an
 * amount: the code's type is read from the code (one read for the page's codes), so "10 → 15"
 * reads "10% → 15%" or "₵10.00 → ₵15.00".
 */
export async function withDiscountKinds(db: Db, entries: ActivityEntry[]): Promise<ActivityRow[]> {
  const ids = [
    ...new Set(
      entries
        .filter((e) => e.kind === "discount code" && "value" in e.changes && !("kind" in e.changes) && /^\d{1,9}$/.test(e.subjectId))
        .map((e) => Number(e.subjectId)),
    ),
  ];
  if (ids.length === 0) return entries;
  const codes = await db
    .select({ id: discountCodes.id, kind: discountCodes.kind })
    .from(discountCodes)
    .where(inArray(discountCodes.id, ids));
  const kinds = new Map(codes.map((c) => [String(c.id), c.kind]));
  return entries.map((e) => (e.kind === "discount code" && kinds.has(e.subjectId) ? { ...e, discountKind: kinds.get(e.subjectId) } : e));
}

/** What the Activity page's product or order filter names: the product's name, the order's number (null once gone). */
export async function historySubjectName(db: Db, filter: Pick<ActivityFilter, "productId" | "orderId">): Promise<string | null> {
  if (filter.productId !== undefined) {
    const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, filter.productId)).limit(1);
    return row?.name ?? null;
  }
  if (filter.orderId) {
    const [row] = await db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, filter.orderId)).limit(1);
    return row?.number ?? null;
  }
  return null;
}

export interface RecordHistory {
  /** The latest entries, newest first (HISTORY_SIZE at most). */
  entries: ActivityRow[];
  /** Older entries exist (the Activity page shows them all). */
  more: boolean;
}

/**
 * A product's or an order's own history for its dialog, or null for a role that may not read the
 * activity log (activity.view): the server leaves it out, not only the screen.
 */
export async function recordHistory(
  db: Db,
  role: Role | null | undefined,
  of: { productId: number } | { orderId: string },
): Promise<RecordHistory | null> {
  if (!can(role, "activity.view")) return null;
  // Time zone: only day filters use it, and a history has none.
  const page = await listActivity(db, of, "UTC", { size: HISTORY_SIZE });
  return { entries: page.entries, more: page.older !== null };
}
