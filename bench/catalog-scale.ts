import { sql } from "drizzle-orm";
import { invalidateCatalogCache } from "~/modules/catalog/catalog-cache.server";
import { listCollection } from "~/modules/catalog/storefront-queries.server";
import { COLLECTION_PAGE_SIZE } from "~/modules/catalog/catalog-constants";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { queryRows, type Database } from "~db/client";
import { benchDatabaseName, dropBenchDatabase, freshBenchDatabase, keptBenchDatabase } from "./bench-database";
import { referenceWorkMs } from "./machine-speed";
import { smoke } from "./smoke-mode";

/**
 * Collection queries over the 35-product sample catalog and over 100,000 products, on
 * PostgreSQL, uncached: the budget (docs/performance.md) asks that a large catalog pages as fast as a small one.
 * Usage: BENCH_DATABASE_URL=postgres://127.0.0.1:5432/test npx tsx bench/catalog-scale.ts [--smoke]
 * BENCH_KEEP=1 keeps the large database; BENCH_REUSE=1 measures the kept one again (migrated to
 * this code's schema first) when it holds the products, instead of building it anew.
 * BENCH_DATABASE_PREFIX names the databases apart from another session's on the same server.
 */
const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? (smoke ? 300 : 100_000));

const queries = [
  ["kaftans, featured, page 1", "kaftans", ""],
  ["all, newest, page 2", "all", "sort=newest&page=2"],
  ["all, price low-high, page 50", "all", "sort=price-asc&page=50"],
  ["suits, in stock + featured", "suits", "instock=1&featured=1"],
  ["all, price ₵300–₵900", "all", "min=300&max=900&sort=price-desc"],
  ["all, search 'kente'", "all", "q=kente"],
] as const;

async function measure(database: Database) {
  const results: Record<string, number> = {};
  for (const [label, slug, query] of queries) {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      invalidateCatalogCache(database.db);
      const started = performance.now();
      await listCollection(database.db, slug, parseCollectionFilters(new URLSearchParams(query)), COLLECTION_PAGE_SIZE);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results[label] = times[Math.floor(times.length / 2)]!;
  }
  return results;
}

const smallName = benchDatabaseName("bench_catalog_small");
const largeName = benchDatabaseName("bench_catalog_large");

/** The kept large catalog when it holds every product (then migrated to this code's schema), else null. */
async function keptLargeDatabase(): Promise<Database | null> {
  const kept = await keptBenchDatabase(largeName);
  if (!kept) return null;
  const [row] = await queryRows<{ n: string | number }>(kept.db, sql`select count(*) as n from products`);
  if (Number(row?.n) === EXTRA_PRODUCTS + 35) {
    console.log(`Measuring the kept ${largeName}`);
    await kept.db.execute(sql`vacuum analyze`);
    return kept;
  }
  await kept.close();
  return null;
}

async function newLargeDatabase(): Promise<Database> {
  const database = await freshBenchDatabase(largeName);
  // Copies of the sample products with varied prices, dates, stock and flags.
  await database.db.execute(sql`
    insert into products (slug, name, description, price, category_id, sku, is_featured, is_active, created_at)
    select 'bulk-' || g, p.name || ' ' || g, p.description, 10000 + (g * 7919) % 240000, p.category_id,
           'BULK-' || g, g % 17 = 0, g % 29 <> 0, now() - (g || ' minutes')::interval
    from generate_series(1, ${EXTRA_PRODUCTS}) g
    join products p on p.id = 1 + (g % 30)`);
  // Five sizes each, with varied stock (some products sold out in every size).
  await database.db.execute(sql`
    insert into product_variants (product_id, size, sku, stock)
    select p.id, s.size, p.sku || '-' || s.size, (p.id % 23) * (case when s.size = 'M' then 1 else 0 end)
    from products p cross join unnest(array['S','M','L','XL','XXL']) as s(size)
    where p.sku like 'BULK-%'`);
  // VACUUM as autovacuum would soon after such a load on a shop's server (the shared test server
  // runs without it): index-only scans and counts read the visibility map it sets.
  await database.db.execute(sql`vacuum analyze`);
  return database;
}

const referenceBefore = referenceWorkMs();
const small = await freshBenchDatabase(smallName);
const smallTimes = await measure(small);
await small.close();

const large = (process.env.BENCH_REUSE && (await keptLargeDatabase())) || (await newLargeDatabase());
const largeTimes = await measure(large);
await large.close();
await dropBenchDatabase(smallName);
if (!process.env.BENCH_KEEP) await dropBenchDatabase(largeName);

console.log(`Collection queries on PostgreSQL, median of 15, uncached (ms): 35 products vs ${EXTRA_PRODUCTS + 35}`);
console.log("query".padEnd(34), "small".padStart(8), "large".padStart(8));
for (const [label] of queries)
  console.log(label.padEnd(34), smallTimes[label]!.toFixed(1).padStart(8), largeTimes[label]!.toFixed(1).padStart(8));
console.log(`reference work: ${referenceBefore.toFixed(2)} ms before, ${referenceWorkMs().toFixed(2)} ms after (bench/machine-speed.ts)`);
