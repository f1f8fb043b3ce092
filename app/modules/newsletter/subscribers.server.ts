import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~db/client";
import { newsletterSubscribers } from "~db/schema/store";
import { csvHeader, csvRows, csvText, type CsvColumn } from "~/lib/csv";
import { formatSortableDateTime } from "~/lib/dates";
import { subscribersQuerySchema, type SubscriberStatus, type SubscribersQuery } from "./subscribers.schema";

/**
 * The admin's view of the newsletter (docs/product-rules.md, Newsletter): every sign-up with its
 * state, the figures above the list, the CSV of confirmed subscribers (the only addresses the
 * shop may write to) and removing an address at its owner's request.
 */
export interface SubscriberRow {
  id: number;
  email: string;
  source: string;
  status: SubscriberStatus;
  signedUpAt: string;
  confirmedAt: string | null;
}

export interface SubscriberList {
  rows: SubscriberRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface SubscriberSummary {
  confirmed: number;
  pending: number;
  /** Confirmed since the first of this month in the store's timezone. */
  confirmedThisMonth: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const t = newsletterSubscribers;
const rowColumns = { id: t.id, email: t.email, source: t.source, createdAt: t.createdAt, confirmedAt: t.confirmedAt };

function conditions(filters: { search?: string; status?: SubscriberStatus }): SQL | undefined {
  return and(
    filters.search ? ilike(t.email, `%${escapeLike(filters.search)}%`) : undefined,
    filters.status === "confirmed" ? isNotNull(t.confirmedAt) : filters.status === "pending" ? isNull(t.confirmedAt) : undefined,
  );
}

function toRow(row: { id: number; email: string; source: string; createdAt: Date; confirmedAt: Date | null }): SubscriberRow {
  return {
    id: row.id,
    email: row.email,
    source: row.source,
    status: row.confirmedAt ? "confirmed" : "pending",
    signedUpAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

/** One page of sign-ups matching the search and status, newest first. */
export async function listSubscribers(db: Db, query: SubscribersQuery = {}): Promise<SubscriberList> {
  const { search, status, page: requested, pageSize } = subscribersQuerySchema.parse(query);
  const where = conditions({ search, status });
  const pageOf = (page: number) =>
    db
      .select(rowColumns)
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  const [[counted], firstRows] = await Promise.all([db.select({ total: count() }).from(t).where(where), pageOf(requested)]);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (its last address was removed) shows the last page.
  const page = Math.min(requested, pageCount);
  const rows = page === requested ? firstRows : await pageOf(page);
  return { rows: rows.map(toRow), total, page, pageSize, pageCount };
}

/** The cards above the list, over every sign-up (not only those the search finds). */
export async function subscriberSummary(db: Db, timeZone: string): Promise<SubscriberSummary> {
  const monthStart = sql`(date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const [row] = await db
    .select({
      confirmed: sql<string>`count(*) filter (where ${t.confirmedAt} is not null)`,
      pending: sql<string>`count(*) filter (where ${t.confirmedAt} is null)`,
      confirmedThisMonth: sql<string>`count(*) filter (where ${t.confirmedAt} >= ${monthStart})`,
    })
    .from(t);
  return {
    confirmed: Number(row?.confirmed ?? 0),
    pending: Number(row?.pending ?? 0),
    confirmedThisMonth: Number(row?.confirmedThisMonth ?? 0),
  };
}

/**
 * Removes a sign-up (staff acting on an unsubscribe request). Idempotent: an address already
 * gone answers `removed: false`, so a double click or a retried post changes nothing.
 */
export async function removeSubscriber(db: Db, id: number): Promise<{ removed: boolean; email: string | null }> {
  // One statement, in a transaction for the activity log (decision 049).
  const [gone] = await db.transaction((tx) => tx.delete(t).where(eq(t.id, id)).returning({ email: t.email }));
  return { removed: Boolean(gone), email: gone?.email ?? null };
}

export const SUBSCRIBERS_CSV_BATCH_SIZE = 1_000;

function csvColumns(timeZone: string): CsvColumn<SubscriberRow>[] {
  return [
    { header: "Email", value: (s) => s.email },
    { header: "Signed up from", value: (s) => s.source },
    { header: `Signed up (${timeZone})`, value: (s) => formatSortableDateTime(s.signedUpAt, timeZone) },
    { header: `Confirmed (${timeZone})`, value: (s) => (s.confirmedAt ? formatSortableDateTime(s.confirmedAt, timeZone) : "") },
  ];
}

/**
 * Confirmed subscribers matching the list's search, oldest first, as CSV pieces: the header,
 * then one piece per batch (keyset on id, so a batch never rereads or skips a row while
 * sign-ups arrive). Text a spreadsheet would run as a formula is neutralised (~/lib/csv).
 */
export async function* subscribersCsvChunks(
  db: Db,
  filters: { search?: string },
  { timeZone, batchSize = SUBSCRIBERS_CSV_BATCH_SIZE }: { timeZone: string; batchSize?: number },
): AsyncGenerator<string> {
  const { search } = subscribersQuerySchema.parse({ search: filters.search });
  const columns = csvColumns(timeZone);
  yield csvHeader(columns);
  for (let after = 0; ;) {
    const rows = await db
      .select(rowColumns)
      .from(t)
      .where(and(conditions({ search, status: "confirmed" }), sql`${t.id} > ${after}`))
      .orderBy(t.id)
      .limit(batchSize);
    if (rows.length === 0) return;
    yield csvRows(columns, rows.map(toRow));
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The whole CSV as one string (tests). */
export async function subscribersCsv(db: Db, filters: { search?: string }, options: { timeZone: string; batchSize?: number }) {
  return csvText(subscribersCsvChunks(db, filters, options));
}
