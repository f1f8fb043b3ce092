import fs from "node:fs";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~db/client";
import { REVIEW_PHOTO_PATH } from "~/modules/uploads/uploaded-files.server";
import { migrationsBefore } from "../setup/migrations-before";
import { createTestDatabase, testDrivers, type TestDatabase } from "../setup/test-database";

const hex = (c: string) => c.repeat(32);
const LEGACY_ONLY = hex("a"); // a pending review's photo, nowhere else
const SHARED = hex("b"); // a hidden review's photo that staff also use on a product colour
const PRODUCT_ONLY = hex("c"); // an ordinary product photo

describe.each(testDrivers())("migration 0017 (review photos private) on %s", (driver) => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { migrated: false });
    before = migrationsBefore("0017_review_photos_private");
    const migrate = driver === "pglite" ? migratePglite : migratePg;
    await migrate(database.db as never, { migrationsFolder: before });

    // A shop as it stood: review photos under products/, named by their content.
    await database.db.execute(
      sql`insert into users (id, name, email) values ('u1', 'Kofi', 'kofi@example.com'), ('u2', 'Esi', 'esi@example.com')`,
    );
    await database.db.execute(sql`insert into products (id, slug, name, price) values (1, 'kente', 'Royal Kente Kaftan', 29999)`);
    await database.db.execute(
      sql`insert into product_colors (product_id, position, name, hex, image_url, images)
          values (1, 0, 'Gold', '#C9A227', ${`/uploads/products/${PRODUCT_ONLY}`}, ${`{/uploads/products/${PRODUCT_ONLY},/uploads/products/${SHARED}}`})`,
    );
    for (const name of [LEGACY_ONLY, SHARED, PRODUCT_ONLY]) {
      for (const width of [240, 960]) {
        await database.db.execute(
          sql`insert into uploaded_files (path, content_type, bytes) values (${`products/${name}-${width}.webp`}, 'image/webp', ${Buffer.from(`${name}:${width}`)})`,
        );
      }
    }
    await database.db.execute(
      sql`insert into product_reviews (product_id, user_id, author_name, rating, body, photo_url, status) values
        (1, 'u1', 'Kofi', 5, 'Beautiful work', ${`/uploads/products/${LEGACY_ONLY}`}, 'pending'),
        (1, 'u2', 'Esi', 4, 'Lovely cloth', ${`/uploads/products/${SHARED}`}, 'hidden')`,
    );

    await database.migrate();
  });
  afterAll(async () => {
    await database?.destroy();
    fs.rmSync(before, { recursive: true, force: true });
  });

  const paths = async () =>
    (
      await queryRows<{ path: string; bytes: Buffer | Uint8Array }>(database.db, sql`select path, bytes from uploaded_files order by path`)
    ).map((row) => ({ path: row.path, bytes: Buffer.from(row.bytes).toString() }));

  it("moves every old review photo under reviews/ with a random name, every width, same bytes", async () => {
    const reviews = await queryRows<{ author_name: string; photo_url: string }>(
      database.db,
      sql`select author_name, photo_url from product_reviews order by author_name`,
    );
    const files = await paths();
    for (const [author, old] of [
      ["Esi", SHARED],
      ["Kofi", LEGACY_ONLY],
    ] as const) {
      const url = reviews.find((r) => r.author_name === author)!.photo_url;
      expect(url).toMatch(/^\/uploads\/reviews\/[0-9a-f]{32}$/);
      expect(url).not.toContain(old);
      const name = url.slice("/uploads/".length);
      for (const width of [240, 960]) {
        const file = files.find((f) => f.path === `${name}-${width}.webp`);
        expect(REVIEW_PHOTO_PATH.test(file!.path)).toBe(true);
        expect(file!.bytes).toBe(`${old}:${width}`);
      }
    }
  });

  it("removes the old public files unless a product still shows them", async () => {
    const files = (await paths()).map((f) => f.path);
    expect(files.filter((p) => p.startsWith(`products/${LEGACY_ONLY}`))).toEqual([]);
    expect(files.filter((p) => p.startsWith(`products/${SHARED}`))).toHaveLength(2);
    expect(files.filter((p) => p.startsWith(`products/${PRODUCT_ONLY}`))).toHaveLength(2);
  });
});
