import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, ensureChromium } from "../tests/setup/chromium";
import { freshBenchDataDir, startBenchServer } from "./start-server";

/**
 * Lighthouse, mobile preset (its default), on the storefront pages DESIGN.md budgets:
 * Performance ≥ 95; Accessibility, Best Practices and SEO 100.
 * Usage: npm run build && npm run bench:lighthouse (BENCH_URL to target a running shop)
 */
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, stop: async () => {} }
  : await startBenchServer(3291, { DATA_DIR: freshBenchDataDir(3291) });
const pages = ["/", "/collections/kaftans", "/product/1", "/checkout"];

const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: CHROMIUM_ARGS.filter((f) => f !== "--headless").concat("--headless=new"),
});
console.log(`Lighthouse (mobile) against ${server.url}`);
console.log(
  "page".padEnd(24),
  "perf".padStart(5),
  "a11y".padStart(5),
  "bp".padStart(5),
  "seo".padStart(5),
  "LCP ms".padStart(8),
  "CLS".padStart(6),
  "TBT ms".padStart(7),
);
try {
  for (const path of pages) {
    const result = await lighthouse(server.url + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`No result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100)).padStart(5);
    console.log(
      path.padEnd(24),
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      String(Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)).padStart(8),
      (audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3).padStart(6),
      String(Math.round(audits["total-blocking-time"]?.numericValue ?? 0)).padStart(7),
    );
    for (const id of ["accessibility", "best-practices", "seo"]) {
      const failing = Object.values(categories[id]?.auditRefs ?? [])
        .map((ref) => audits[ref.id])
        .filter(
          (a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable",
        );
      for (const audit of failing) console.log(`    ${id}: ${audit!.id} — ${audit!.title}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
