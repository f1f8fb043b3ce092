import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { openDatabase, type Database, type DriverName } from "~db/client";
import { productVariants } from "~db/schema/catalog";
import { seedCatalog } from "~db/seed/seed";
import { placeOrder } from "~/modules/orders/place-order.server";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { OrderRefusedError } from "~/modules/orders/order-errors";
import { shopperKeys } from "~/modules/orders/order-limits.server";
import { dropBenchDatabase, freshBenchDatabase, postgresAnswers } from "./bench-database";
import { ledgerProblems, stockByVariant } from "./checkout-ledger";
import { referenceWorkMs } from "./machine-speed";
import { smoke } from "./smoke-mode";

/**
 * Orders per second and latency of placeOrder with 20 concurrent buyers, on the embedded database
 * (a data folder on disk, as a shop runs it) and on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, else 127.0.0.1:5432/test when it answers). Each buyer buys two products from
 * the sample catalog (stock raised so nobody runs out), to Greater Accra; one order in five also
 * takes one of a few last pieces (product 1 in S), so buyers race for it and, once it is gone,
 * are refused. Orders go through the storefront's order limits (docs/product-rules.md §10) as the
 * checkout applies them, every order as a shopper of its own (own email and client address, as
 * thousands of real shoppers would be), so the figures include the limits' cost and no order is
 * refused by them. Afterwards stock and orders must add up (bench/checkout-ledger.ts): no piece
 * sold twice, every placed order recorded with its total; the bench exits non-zero if not.
 * Usage: npm run bench:checkout [-- --seconds 10] [--only pglite|postgres] [--without-limits] [--smoke]
 */
const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const seconds = smoke ? 1.5 : Number(arg("seconds") ?? 10);
const only = arg("only");
/** `--without-limits`: placeOrder as staff paths call it, to see what the limits cost beside it. */
const withLimits = !process.argv.includes("--without-limits");
const BUYERS = 20;
const SCARCE = { productId: 1, size: "S", stock: smoke ? 3 : 40 };
const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };
const BENCH_SECRET = "bench-secret-that-is-long-enough-0123456789";
const pglitePath = path.resolve(".tmp/bench-checkout-pglite");
const postgresName = "bench_checkout";

interface Result {
  driver: DriverName;
  placed: number;
  soldOut: number;
  failures: number;
  ordersPerSecond: number;
  latencies: number[];
  referenceBefore: number;
  referenceAfter: number;
  problems: string[];
}

async function openShop(driver: DriverName): Promise<Database> {
  if (driver === "postgres") return freshBenchDatabase(postgresName, { poolSize: BUYERS });
  fs.rmSync(pglitePath, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: pglitePath });
  await database.migrate();
  await seedCatalog(database.db);
  return database;
}

function checkoutInput(index: number, n: number, email: string) {
  const first = 1 + ((index + n) % 30);
  const items = [
    { productId: first, colorIndex: 0, size: "M", quantity: 1 },
    { productId: 1 + (first % 30), colorIndex: 0, size: "L", quantity: 2 },
  ];
  if (n % 5 === 0) items.push({ productId: SCARCE.productId, colorIndex: 0, size: SCARCE.size, quantity: 1 });
  return checkoutSchema.parse({
    email,
    name: `Buyer ${index}`,
    phone: "+233 24 000 0000",
    address: "Ring Road, Accra",
    region: "GH-AA",
    paymentMethod: n % 4 === 0 ? "card" : "pay_on_delivery",
    items,
    idempotencyKey: crypto.randomUUID(),
  });
}

async function run(driver: DriverName): Promise<Result> {
  const database = await openShop(driver);
  const { db } = database;
  await db.execute(sql`update products set is_active = true`);
  await db.execute(sql`update product_variants set stock = 1000000`);
  const scarce = await db
    .update(productVariants)
    .set({ stock: SCARCE.stock })
    .where(and(eq(productVariants.productId, SCARCE.productId), inArray(productVariants.size, [SCARCE.size])))
    .returning({ id: productVariants.id });
  if (scarce.length === 0) throw new Error(`The sample catalog has no product ${SCARCE.productId} in ${SCARCE.size}`);
  const stockBefore = await stockByVariant(db);

  const placed = new Map<string, number>();
  const latencies: number[] = [];
  let attempts = 0;
  let soldOut = 0;
  let failures = 0;
  async function buyer(index: number, deadline: number) {
    while (Date.now() < deadline) {
      const n = ++attempts;
      const email = `buyer${index}.${n}@example.com`;
      const input = checkoutInput(index, n, email);
      const clientAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const started = performance.now();
      try {
        const order = await placeOrder(
          db,
          input,
          withLimits ? { ...context, limits: shopperKeys(BENCH_SECRET, email, clientAddress) } : context,
        );
        latencies.push(performance.now() - started);
        placed.set(order.id, order.totalAmount);
      } catch (error) {
        if (error instanceof OrderRefusedError && error.reason === "out-of-stock") soldOut++;
        else if (++failures < 3) console.error(error);
      }
    }
  }

  // How fast the machine is this hour (bench/machine-speed.ts), before and after: the figures mean little without it.
  const referenceBefore = referenceWorkMs();
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i, deadline)));
  const elapsed = (performance.now() - started) / 1000;
  const referenceAfter = referenceWorkMs();
  const problems = await ledgerProblems(db, { stockBefore, placed, soldOutRefusals: soldOut, scarceVariantIds: scarce.map((v) => v.id) });
  await database.close();
  if (driver === "postgres") await dropBenchDatabase(postgresName);
  else fs.rmSync(pglitePath, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    driver,
    placed: placed.size,
    soldOut,
    failures,
    ordersPerSecond: placed.size / elapsed,
    latencies,
    referenceBefore,
    referenceAfter,
    problems,
  };
}

function print(result: Result) {
  const { latencies } = result;
  const pct = (p: number) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1) : "–";
  console.log(
    `\nplaceOrder on ${result.driver === "pglite" ? "PGlite (a data folder)" : "PostgreSQL"}, ${BUYERS} concurrent buyers, ${seconds} s, ${withLimits ? "with" : "without"} the order limits`,
  );
  console.log(
    `orders: ${result.placed} placed, ${result.soldOut} refused as sold out (${SCARCE.stock} last pieces), ${result.failures} failed; orders/s: ${result.ordersPerSecond.toFixed(0)}`,
  );
  console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1)?.toFixed(1) ?? "–"}`);
  console.log(
    `reference work: ${result.referenceBefore.toFixed(2)} ms before, ${result.referenceAfter.toFixed(2)} ms after (docs/performance.md: ~1 ms in a fast hour, up to ~2.8 ms in a slow one)`,
  );
  if (result.problems.length === 0) console.log(`stock and orders add up: every placed order recorded with its total, no piece sold twice`);
  for (const problem of result.problems) console.log(`DOES NOT ADD UP: ${problem}`);
}

const results: Result[] = [];
if (only !== "postgres") results.push(await run("pglite"));
if (only !== "pglite" && (await postgresAnswers(postgresName))) results.push(await run("postgres"));
for (const result of results) print(result);
// A bench whose orders fail or do not add up measures nothing worth printing as a figure.
const broken = results.filter((r) => r.problems.length > 0 || r.failures > 0 || r.placed === 0);
if (broken.length > 0) {
  console.error(`bench:checkout: ${broken.map((r) => r.driver).join(", ")}: orders failed, none placed, or stock and orders do not add up`);
  process.exit(1);
}
