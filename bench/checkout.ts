import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { placeOrder } from "~/modules/orders/place-order.server";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { shopperKeys } from "~/modules/orders/order-limits.server";
import { dropBenchDatabase, freshBenchDatabase } from "./bench-database";
import { referenceWorkMs } from "./machine-speed";

/**
 * Orders per second and latency of placeOrder on PostgreSQL with 20 concurrent buyers, each
 * buying two products from the sample catalog (stock raised so nobody runs out), to Greater
 * Accra. Orders go through the storefront's order limits (docs/product-rules.md §10) as the
 * checkout applies them, every order as a shopper of its own (own email and client address,
 * as thousands of real shoppers would be), so the figures include the limits' cost (two atomic
 * counters per order; for the one order in four paid by card, the unpaid-hold count under its
 * advisory locks) and no order is refused by them.
 * Usage: BENCH_DATABASE_URL=postgres://127.0.0.1:5432/test npm run bench:checkout [-- --seconds 10] [--without-limits]
 */
const secondsArg = process.argv.indexOf("--seconds");
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
/** `--without-limits`: placeOrder as staff paths call it, to see what the limits cost beside it. */
const withLimits = !process.argv.includes("--without-limits");
const BUYERS = 20;
const name = "bench_checkout";

const database = await freshBenchDatabase(name, { poolSize: BUYERS });
await database.db.execute(sql`update products set is_active = true`);
await database.db.execute(sql`update product_variants set stock = 1000000`);

const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };
const BENCH_SECRET = "bench-secret-that-is-long-enough-0123456789";
let placed = 0;
const latencies: number[] = [];
let failures = 0;
const deadline = Date.now() + seconds * 1000;

async function buyer(index: number) {
  while (Date.now() < deadline) {
    const first = 1 + ((index + latencies.length) % 30);
    const n = ++placed;
    const email = `buyer${index}.${n}@example.com`;
    const input = checkoutSchema.parse({
      email,
      name: `Buyer ${index}`,
      phone: "+233 24 000 0000",
      address: "Ring Road, Accra",
      region: "GH-AA",
      paymentMethod: n % 4 === 0 ? "card" : "pay_on_delivery",
      items: [
        { productId: first, colorIndex: 0, size: "M", quantity: 1 },
        { productId: 1 + (first % 30), colorIndex: 0, size: "L", quantity: 2 },
      ],
      idempotencyKey: crypto.randomUUID(),
    });
    const started = performance.now();
    try {
      const clientAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      await placeOrder(database.db, input, withLimits ? { ...context, limits: shopperKeys(BENCH_SECRET, email, clientAddress) } : context);
      latencies.push(performance.now() - started);
    } catch (error) {
      failures++;
      if (failures < 3) console.error(error);
    }
  }
}

// How fast the machine is this hour (bench/machine-speed.ts), measured before and after: the figures mean little without it.
const referenceBefore = referenceWorkMs();
const started = performance.now();
await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(`placeOrder on PostgreSQL, ${BUYERS} concurrent buyers, ${seconds}s, ${withLimits ? "with" : "without"} the order limits`);
console.log(`orders: ${latencies.length}, failures: ${failures}, orders/s: ${(latencies.length / elapsed).toFixed(0)}`);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${latencies.at(-1)!.toFixed(1)}`);
console.log(
  `reference work: ${referenceBefore.toFixed(2)} ms before, ${referenceWorkMs().toFixed(2)} ms after (docs/performance.md: ~1 ms in a fast hour, up to ~2.8 ms in a slow one)`,
);

await database.close();
await dropBenchDatabase(name);
