import crypto from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { placeOrder } from "~/modules/orders/orders.server";
import { checkoutSchema } from "~/modules/orders/orders.schema";
import { openDatabase } from "~db/client";
import { seedCatalog } from "~db/seed/seed";

/**
 * Orders per second and latency of placeOrder on PostgreSQL with 20 concurrent buyers, each
 * buying two products from the sample catalog (stock raised so nobody runs out).
 * Usage: BENCH_DATABASE_URL=postgres://127.0.0.1:5432/test npm run bench:checkout [-- --seconds 10]
 */
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const secondsArg = process.argv.indexOf("--seconds");
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const BUYERS = 20;
const name = "bench_checkout";

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.query(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.href, poolSize: BUYERS });
await database.migrate();
await seedCatalog(database.db);
await database.db.execute(sql`update products set stock_quantity = 1000000, is_active = true`);

const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };
const latencies: number[] = [];
let failures = 0;
const deadline = Date.now() + seconds * 1000;

async function buyer(index: number) {
  while (Date.now() < deadline) {
    const first = 1 + ((index + latencies.length) % 30);
    const input = checkoutSchema.parse({
      email: `buyer${index}@example.com`,
      name: `Buyer ${index}`,
      phone: "+233 24 000 0000",
      address: "Ring Road, Accra",
      items: [
        { productId: first, colorIndex: 0, size: "M", quantity: 1 },
        { productId: 1 + (first % 30), colorIndex: null, size: "L", quantity: 2 },
      ],
      idempotencyKey: crypto.randomUUID(),
    });
    const started = performance.now();
    try {
      await placeOrder(database.db, input, context);
      latencies.push(performance.now() - started);
    } catch (error) {
      failures++;
      if (failures < 3) console.error(error);
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(`placeOrder on PostgreSQL, ${BUYERS} concurrent buyers, ${seconds}s`);
console.log(`orders: ${latencies.length}, failures: ${failures}, orders/s: ${(latencies.length / elapsed).toFixed(0)}`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1)!.toFixed(1)}`);

await database.close();
// pg's pool.end() resolves before the sockets have closed: wait for the server to see them
// go, so the drop does not have to terminate (and log) live connections.
for (let i = 0; i < 40; i++) {
  const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
  if (rows[0].n === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await admin.query(`drop database if exists "${name}" with (force)`);
await admin.end();
