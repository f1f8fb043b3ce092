import { startHttpsFront } from "./https-front";
import { lighthouseMedians, lighthouseReport, type Throttling } from "./lighthouse-audit";
import { smoke } from "./smoke-mode";
import { freshBenchDataDir, startBenchServer } from "./start-server";

/**
 * Lighthouse, mobile preset, on the storefront pages docs/performance.md budgets (issue 15: performance
 * ≥ 98; accessibility, best practices and SEO 100, checkout's SEO below on purpose: noindex).
 * Prints both kinds of throttling (lighthouse-audit.ts): the simulated score the budget names, and
 * the applied one, which shows what a phone on that link sees; each over HTTP/1.1 to the server
 * and over HTTP/2 through a TLS front, as a deployed shop is reached. `--smoke`: one run of the
 * home page, simulated, over the TLS front (bench/smoke.ts). `--cpu-slowdown 12`: Lighthouse's CPU
 * multiplier instead of the preset's 4×, to work on a slow hour's blocking time in a fast hour
 * (lighthouse-audit.ts); its figures are not the budget's and are printed as such.
 * Usage: npm run build && npm run bench:lighthouse [-- --runs 3] [-- --throttling simulate|devtools] [--cpu-slowdown N] [--smoke]
 * (BENCH_URL to target a running shop)
 */
const at = process.argv.indexOf("--runs");
const runs = at > 0 ? Number(process.argv[at + 1]) : 3;
const only = process.argv.indexOf("--throttling");
const throttlings = (only > 0 ? [process.argv[only + 1]] : ["simulate", "devtools"]) as Throttling[];
if (!throttlings.every((t) => t === "simulate" || t === "devtools")) throw new Error("--throttling takes simulate or devtools");
const slowdownAt = process.argv.indexOf("--cpu-slowdown");
const cpuSlowdown = slowdownAt > 0 ? Number(process.argv[slowdownAt + 1]) : undefined;
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1 && cpuSlowdown <= 50))
  throw new Error("--cpu-slowdown takes a multiplier from 1 to 50");
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startBenchServer(3291, { DATA_DIR: freshBenchDataDir(3291) });
try {
  if (smoke) {
    const front = await startHttpsFront(server.url);
    try {
      await lighthouseMedians(front.url, 1, { pages: ["/"], throttling: "simulate" });
    } finally {
      await front.stop();
    }
  } else await lighthouseReport(server.url, runs, throttlings, cpuSlowdown);
} finally {
  await server.stop();
}
