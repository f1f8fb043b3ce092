import autocannon from "autocannon";
import { startBenchServer } from "./start-server";

/**
 * Requests per second and latency of the pages shoppers hit most, at 10 connections.
 * Budget (DESIGN.md): product and collection pages ≥ 1,000 req/s with p99 ≤ 50 ms.
 * Usage: npm run build && npm run bench:server [-- --duration 10] (BENCH_URL to target a running shop)
 */
const durationArg = process.argv.indexOf("--duration");
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 10;
const server = process.env.BENCH_URL ? { url: process.env.BENCH_URL, stop: async () => {} } : await startBenchServer(3290);

const targets = ["/product/1", "/collections/kaftans", "/collections/all?sort=price-asc&page=2", "/"];
console.log(`Server benchmark: ${duration}s per page, 10 connections, ${server.url}`);
console.log("page".padEnd(42), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(7));
for (const path of targets) {
  await autocannon({ url: server.url + path, connections: 10, duration: 2 }); // warm-up
  const result = await autocannon({ url: server.url + path, connections: 10, duration, headers: { "accept-encoding": "gzip" } });
  console.log(
    path.padEnd(42),
    result.requests.average.toFixed(0).padStart(8),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(result.errors + result.non2xx).padStart(7),
  );
}
await server.stop();
