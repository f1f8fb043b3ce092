import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import pg from "pg";

/**
 * With DATABASE_URL the same server runs on PostgreSQL: schema created, catalog seeded and
 * pages identical to the embedded database's. Present when TEST_DATABASE_URL names a
 * PostgreSQL server to create a database on (CI sets it).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const pages = [
  "/",
  "/product/1",
  "/product/6",
  "/collections/kaftans",
  "/collections/all?sort=price-asc&page=2",
  "/collections/anything",
  "/size-guide",
  "/sitemap.xml",
];

/** The HTML without what differs by design: the CSP nonce, the port in absolute links, the cache marker. */
function normalise(body: string, origin: string) {
  return body.replaceAll(origin, "ORIGIN").replace(/nonce="[^"]*"/g, 'nonce=""');
}

function startShop(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

if (adminUrl) {
  // Both shops are started here, fresh: the suite's own server has orders placed by other tests.
  test("the shop on a new PostgreSQL database serves the same pages as on the embedded one", async () => {
    test.setTimeout(120_000);
    const name = `shop_parity_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    fs.rmSync(".tmp/parity-pglite", { recursive: true, force: true });
    const postgresShop = startShop(3296, { DATABASE_URL: url.href });
    const embeddedShop = startShop(3295, { DATA_DIR: ".tmp/parity-pglite" });
    try {
      await expect.poll(() => postgresShop.output(), { timeout: 60_000 }).toContain("Shop ready on http://127.0.0.1:3296");
      await expect.poll(() => embeddedShop.output(), { timeout: 60_000 }).toContain("Shop ready on http://127.0.0.1:3295");
      expect(postgresShop.output()).toContain("database: PostgreSQL");
      expect(postgresShop.output()).toContain("sample catalog seeded");
      const pgOrigin = "http://127.0.0.1:3296";
      const baseURL = "http://127.0.0.1:3295";
      for (const path of pages) {
        const [embedded, postgres] = await Promise.all([fetch(baseURL + path), fetch(pgOrigin + path)]);
        expect(postgres.status, path).toBe(embedded.status);
        expect(normalise(await postgres.text(), pgOrigin), path).toBe(normalise(await embedded.text(), baseURL));
      }
    } finally {
      await Promise.all([postgresShop.stop(), embeddedShop.stop()]);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
}
