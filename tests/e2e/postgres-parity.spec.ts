import { expect, test } from "@playwright/test";
import { startShop, type Shop } from "./start-shop";

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
  return body
    .replaceAll(origin, "ORIGIN")
    .replaceAll(encodeURIComponent(origin), "ORIGIN")
    .replace(/nonce="[^"]*"/g, 'nonce=""');
}

if (adminUrl) {
  // Both shops are started here, fresh: the suite's own server has orders placed by other tests.
  test("the shop on a new PostgreSQL database serves the same pages as on the embedded one", async () => {
    test.setTimeout(120_000);
    const started = await Promise.allSettled([startShop({ database: "postgres", logLevel: "info" }), startShop({ logLevel: "info" })]);
    const shops = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    try {
      const [postgresShop, embeddedShop] = started.map((result) => {
        if (result.status === "rejected") throw result.reason;
        return result.value;
      }) as [Shop, Shop];
      await expect.poll(() => postgresShop.output(), { timeout: 60_000 }).toContain(`Shop ready on http://127.0.0.1:${postgresShop.port}`);
      await expect.poll(() => embeddedShop.output(), { timeout: 60_000 }).toContain(`Shop ready on http://127.0.0.1:${embeddedShop.port}`);
      expect(postgresShop.output()).toContain("database: PostgreSQL");
      expect(postgresShop.output()).toContain("sample catalog seeded");
      const pgOrigin = postgresShop.url;
      const baseURL = embeddedShop.url;
      for (const path of pages) {
        const [embedded, postgres] = await Promise.all([fetch(baseURL + path), fetch(pgOrigin + path)]);
        expect(postgres.status, path).toBe(embedded.status);
        expect(normalise(await postgres.text(), pgOrigin), path).toBe(normalise(await embedded.text(), baseURL));
      }
    } finally {
      await Promise.all(shops.map((shop) => shop.remove()));
    }
  });
}
