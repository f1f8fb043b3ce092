import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database } from "~db/client";
import { products } from "~db/schema/catalog";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/cache-control";
import { productFormSchema } from "~/modules/catalog/product.schema";
import { updateProduct } from "~/modules/catalog/product-management.server";
import { getProduct, listCollection } from "~/modules/catalog/storefront-queries.server";
import { parseCollectionFilters } from "~/modules/catalog/catalog.schema";
import { stockOf } from "~/modules/catalog/variants";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { getStoreSettings, saveStoreSettings } from "~/modules/settings/settings.server";
import {
  announceStorefrontChange,
  listenForStorefrontChanges,
  onStorefrontChange,
  type StorefrontListener,
} from "~/modules/storefront/storefront-changes.server";
import { PageCache } from "../../server/page-cache";
import { createProduct } from "../factories/catalog";
import { createTestDatabase, describeWithDatabase, testDrivers, type TestDatabase } from "../setup/test-database";

/**
 * Module commands that change what shoppers see announce it once; the caches of every
 * instance (catalog reads, settings, whole pages) drop what is stale. Real databases, real
 * caches: a "page" is stored in a PageCache exactly as server/http.ts stores one.
 */

const page = (text: string) => new Response(text, { headers: { "content-type": "text/html", "cache-control": PUBLIC_PAGE_CACHE_CONTROL } });
const home = new Request("http://shop/");

/** An instance's page cache, subscribed to its database handle as server/boot.ts does, holding the home page. */
async function pageCacheFor(db: Database["db"]) {
  const cache = new PageCache(() => "script-src 'self'");
  onStorefrontChange(db, () => cache.clear());
  await cache.store("/", page("home"));
  return { cache, holdsHome: () => cache.get("/", home) !== null, refill: () => cache.store("/", page("home")) };
}

const orderOf = (productId: number, quantity: number) =>
  checkoutSchema.parse({
    email: "ama@example.com",
    name: "Ama Mensah",
    phone: "+233 24 000 0000",
    address: "12 Ring Road, Accra",
    region: "GH-AA",
    items: [{ productId, quantity, size: "M", colorIndex: null }],
    idempotencyKey: crypto.randomUUID(),
  });
const orderContext = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };
/** The product form's input for a product without colours in size M, 12 in stock. */
const editedForm = {
  name: "Royal Kente Kaftan",
  price: "299.99",
  sizes: ["M"],
  variants: [{ color: "", size: "M", stock: "12" }],
  isActive: "on",
};

describeWithDatabase("storefront change announcements", (database) => {
  it("a product edit shows on the next storefront read, and cached pages go", async () => {
    const db = database.db;
    const product = await createProduct(db, { name: "Kente Kaftan", stock: 12 });
    const pages = await pageCacheFor(db);
    const search = async () => {
      const listing = await listCollection(db, "all", parseCollectionFilters(new URLSearchParams("q=kente")), 12);
      return listing.items.map((card) => `${card.name} ${card.price}`);
    };
    expect((await getProduct(db, product.id))?.name).toBe("Kente Kaftan");
    expect(await search()).toEqual([`Kente Kaftan ${product.price}`]);

    await updateProduct(db, product.id, productFormSchema.parse(editedForm));
    expect((await getProduct(db, product.id))?.name).toBe("Royal Kente Kaftan");
    // A search reads its cards from the catalog cache: the edit's announcement cleared them too.
    expect(await search()).toEqual(["Royal Kente Kaftan 29999"]);
    expect(pages.holdsHome()).toBe(false);
  });

  it("a settings save shows on the next read, and cached pages go", async () => {
    const db = database.db;
    const before = await getStoreSettings(db);
    const pages = await pageCacheFor(db);
    await saveStoreSettings(db, { storeName: `${before.storeName} Accra` });
    expect((await getStoreSettings(db)).storeName).toBe(`${before.storeName} Accra`);
    expect(pages.holdsHome()).toBe(false);
  });

  it("an order is announced only when it leaves stock at the low-stock level or sold out", async () => {
    const db = database.db;
    const product = await createProduct(db, { stock: 8 });
    const pages = await pageCacheFor(db);
    /** Size M's stock as the product page reads it (orders here buy M). */
    const stockOnPage = async () => stockOf((await getProduct(db, product.id))!.variants, "", "M");
    expect(await stockOnPage()).toBe(8);

    // 8 → 6: the product page reads the same ("in stock", no count shown): nothing dropped.
    await placeOrder(db, orderOf(product.id, 2), orderContext);
    expect(pages.holdsHome()).toBe(true);
    expect(await stockOnPage()).toBe(8);

    // 6 → 1: "Only 1 left".
    await placeOrder(db, orderOf(product.id, 5), orderContext);
    expect(pages.holdsHome()).toBe(false);
    expect(await stockOnPage()).toBe(1);

    // 1 → 0: the last unit sells; the next read says sold out.
    await pages.refill();
    const last = await placeOrder(db, orderOf(product.id, 1), orderContext);
    expect(pages.holdsHome()).toBe(false);
    expect(await stockOnPage()).toBe(0);

    // Cancelling it returns the unit: sold out no more.
    await pages.refill();
    await changeOrderStatus(db, last.id, "cancelled", "admin");
    expect(pages.holdsHome()).toBe(false);
    expect(await stockOnPage()).toBe(1);
  });
});

/** Polls until `done` holds (or fails after `timeoutMs`). */
async function eventually(done: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.runIf(testDrivers().includes("postgres"))("two instances on one PostgreSQL database", () => {
  let first: TestDatabase;
  let second: Database;
  let listeners: StorefrontListener[] = [];

  beforeAll(async () => {
    first = await createTestDatabase("postgres");
    // Another instance: its own pool (handle), caches and listener, on the same database.
    second = await openDatabase({ url: first.url! });
    listeners = [first.db, second.db].map((db) => listenForStorefrontChanges({ db, url: first.url!, maxRetryMs: 200 }));
    await Promise.all(listeners.map((l) => l.ready));
  });
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.close()));
    await second?.close();
    await first?.destroy();
  });

  it("a change announced on one clears the other's catalog, settings and page caches", async () => {
    const product = await createProduct(first.db, { name: "Kente Kaftan", stock: 12 });
    const otherPages = await pageCacheFor(second.db);
    expect((await getProduct(second.db, product.id))?.name).toBe("Kente Kaftan");
    const settingsBefore = await getStoreSettings(second.db);

    await updateProduct(first.db, product.id, productFormSchema.parse(editedForm));
    await eventually(() => !otherPages.holdsHome());
    expect((await getProduct(second.db, product.id))?.name).toBe("Royal Kente Kaftan");

    await otherPages.refill();
    await saveStoreSettings(first.db, { storeName: `${settingsBefore.storeName} Kumasi` });
    await eventually(() => !otherPages.holdsHome());
    expect((await getStoreSettings(second.db)).storeName).toBe(`${settingsBefore.storeName} Kumasi`);
  });

  it("does not clear caches that nothing changed: a write made behind the shop's back stays cached", async () => {
    const product = await createProduct(first.db, { name: "Smock", stock: 30 });
    expect((await getProduct(second.db, product.id))?.name).toBe("Smock");
    await first.db.update(products).set({ name: "Batakari" }).where(eq(products.id, product.id));
    // No announcement: the second instance keeps its cached read (proves the next test's clearing is the listener's).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await getProduct(second.db, product.id))?.name).toBe("Smock");
    await announceStorefrontChange(first.db);
    await eventually(async () => (await getProduct(second.db, product.id))?.name === "Batakari");
  });

  it("keeps listening after its connection is dropped", async () => {
    const otherPages = await pageCacheFor(second.db);
    const dbName = new URL(first.url!).pathname.slice(1);
    const terminated = await queryRows<{ ok: boolean }>(
      first.db,
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = ${dbName} and query ilike 'LISTEN%'`,
    );
    expect(terminated.length).toBe(2);
    // Reconnecting drops the caches (announcements may have been missed meanwhile).
    await eventually(() => !otherPages.holdsHome());
    await eventually(async () => {
      const rows = await queryRows<{ n: number }>(
        first.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = ${dbName} and query ilike 'LISTEN%'`,
      );
      return rows[0]!.n === 2;
    });
    await otherPages.refill();
    await announceStorefrontChange(first.db);
    await eventually(() => !otherPages.holdsHome());
  });
});
