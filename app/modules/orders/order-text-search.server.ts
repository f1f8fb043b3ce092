import { sql, type SQL } from "drizzle-orm";
import { escapeLike } from "~/lib/sql-like";
import { queryRows, type Db } from "~db/client";
import { orders, orderSearchDocument } from "~db/schema/orders";
import { searchTrigrams } from "./search-trigrams";

/**
 * "Has this text anywhere in its number, name, email or phone (any case)": the admin Orders
 * search and the Customers search, exact and fast over a million orders.
 *
 * The trigram index (orders_search_trgm_idx) answers `document ILIKE '%text%'` by intersecting
 * the lists of every trigram of the text. A trigram nearly every order holds ("cus", "gma",
 * "com", "ord") costs a pass over a list as long as the table: "kofi@gmail" read ~20 such
 * lists, 150–200 ms over a million orders, though it matched a handful. So the index is asked
 * for one part of the text only, the part whose trigrams are rare in the shop's orders ("r123@"
 * of "customer123@example", "1234" of "Customer 1234"), and the whole text is checked on the few
 * orders it yields. Any order holding the text holds its every part: the rows are exactly the
 * rows of `document ILIKE '%text%'`, only found faster.
 *
 * How rare a trigram is comes from the orders on SAMPLE_PAGES pages sampled at random, read
 * once per process every STATS_MAX_AGE_MS (in the background once known): it chooses the plan,
 * never the result.
 */
/** About 1,000 orders (some 35 to a page). */
const SAMPLE_PAGES = 30;
const STATS_MAX_AGE_MS = 10 * 60_000;
/** The longest part of the text tried as the index's question. */
const MAX_PART_LENGTH = 16;
/**
 * Cost of checking one candidate order against the whole text, in units of one trigram-list
 * entry read: a heap fetch and an ILIKE (~5 µs) against decoding an entry (~7 ns), measured on
 * the bench's million orders (bench/admin-scale.ts).
 */
const CHECK_COST = 700;
/**
 * show_trgm() spells a trigram with a letter beyond ASCII as a hash, which cannot be matched to
 * the text's: such a trigram is taken as neither rare nor common.
 */
const BEYOND_ASCII_SHARE = 0.1;
/** A part whose candidates are more than this share of the orders is no help (cheapestPart). */
const COMMON_SHARE = 0.02;

interface TrigramStats {
  /** The share of sampled orders whose search document holds each trigram (show_trgm's spelling). */
  share: Map<string, number>;
  /** The share assumed for a trigram no sampled order holds. */
  unseen: number;
  readAt: number;
}

const statsByDb = new WeakMap<Db, { stats?: TrigramStats; reading?: Promise<TrigramStats> }>();

async function readStats(db: Db): Promise<TrigramStats> {
  // Pages picked at random (TABLESAMPLE SYSTEM) rather than the newest orders: a day's orders
  // can share a name or a domain the rest of the shop does not. The table's size on disk, not
  // its statistics (absent until ANALYZE has run, after a restore say), says what share to take.
  const [table] = await queryRows<{ pages: string | number }>(
    db,
    sql`select pg_relation_size('orders') / current_setting('block_size')::int as pages`,
  );
  const pages = Number(table?.pages ?? 0);
  const percent = pages > SAMPLE_PAGES ? (100 * SAMPLE_PAGES) / pages : 100;
  const document = orderSearchDocument(orders);
  const rows = await queryRows<{ t: string | null; n: string | number }>(
    db,
    sql`with sampled as materialized (
          select ${document} as document from ${orders} tablesample system (${sql.raw(percent.toFixed(6))})
        )
        select null as t, count(*) as n from sampled
        union all
        select t, count(*) as n from sampled cross join lateral unnest(show_trgm(document)) as t group by t`,
  );
  const size = Math.max(Number(rows.find((r) => r.t === null)?.n ?? 0), 1);
  const share = new Map(rows.filter((r) => r.t !== null).map((r) => [r.t!, Number(r.n) / size]));
  return { share, unseen: 0.5 / size, readAt: Date.now() };
}

/** The trigram statistics of `db`'s orders: read on first use, then refreshed in the background when old. */
async function trigramStats(db: Db): Promise<TrigramStats> {
  let entry = statsByDb.get(db);
  if (!entry) statsByDb.set(db, (entry = {}));
  const current = entry;
  const refresh = () => {
    current.reading ??= readStats(db)
      .then((stats) => (current.stats = stats))
      .finally(() => (current.reading = undefined));
    return current.reading;
  };
  if (!current.stats) return refresh();
  if (Date.now() - current.stats.readAt > STATS_MAX_AGE_MS) void refresh().catch(() => undefined);
  return current.stats;
}

/** Forget the statistics (tests that rebuild the orders). */
export function forgetOrderSearchStats(db: Db): void {
  statsByDb.delete(db);
}

/**
 * The estimated cost of asking the index for `part` (its lists' lengths plus the candidates to
 * check) and the share of orders it yields as candidates.
 */
function partEstimate(part: string, stats: Pick<TrigramStats, "share" | "unseen">): { cost: number; candidates: number } {
  const trigrams = searchTrigrams(part);
  if (trigrams.length === 0) return { cost: Infinity, candidates: 1 };
  let lists = 0;
  let candidates = 1;
  for (const trigram of trigrams) {
    // eslint-disable-next-line no-control-regex
    const share = /[^\x00-\x7f]/.test(trigram) ? BEYOND_ASCII_SHARE : (stats.share.get(trigram) ?? stats.unseen);
    lists += share;
    candidates *= share;
  }
  return { cost: lists + CHECK_COST * candidates, candidates };
}

/**
 * The part of `text` (itself included) the index answers most cheaply; the text itself when even
 * that part would yield a good share of all orders (COMMON_SHARE: then PostgreSQL reads the
 * orders newest first and stops at a page, as it plans for the whole text); null when no part
 * has a trigram.
 */
export function cheapestPart(text: string, stats: Pick<TrigramStats, "share" | "unseen">): string | null {
  let best: string | null = null;
  let bestEstimate = { cost: Infinity, candidates: 1 };
  const consider = (part: string) => {
    const estimate = partEstimate(part, stats);
    if (estimate.cost < bestEstimate.cost) [best, bestEstimate] = [part, estimate];
  };
  consider(text);
  for (let start = 0; start < text.length; start++) {
    for (let end = start + 3; end <= Math.min(text.length, start + MAX_PART_LENGTH); end++) consider(text.slice(start, end));
  }
  if (best !== null && bestEstimate.candidates > COMMON_SHARE) return text;
  return best;
}

/** The part of `text` the index is asked for (the text itself, or null when it has no trigram). */
export async function orderSearchPart(db: Db, text: string): Promise<string | null> {
  return cheapestPart(text, await trigramStats(db));
}

/**
 * The WHERE of "some order's number, name, email or phone holds `text`" (case-insensitive, the
 * user's % and _ taken literally) over `orders`.
 */
export async function orderTextMatches(db: Db, text: string): Promise<SQL> {
  const document = orderSearchDocument(orders);
  const whole = sql`${document} ilike ${`%${escapeLike(text)}%`}`;
  const part = await orderSearchPart(db, text);
  if (part === null || part === text) return whole;
  // The same text as the document, spelt so that the index is not asked for the whole text
  // again (all four columns are NOT NULL, so concat_ws joins exactly what || joins).
  const checked = sql`concat_ws(' ', ${orders.orderNumber}, ${orders.customerName}, ${orders.customerEmail}, ${orders.customerPhone})`;
  return sql`(${document} ilike ${`%${escapeLike(part)}%`} and ${checked} ilike ${`%${escapeLike(text)}%`})`;
}
