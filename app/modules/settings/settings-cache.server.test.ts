import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { settings } from "~db/schema/store";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { freshStoreSettings, getStoreSettings, saveStoreSettings, SETTINGS_CACHE_TTL_MS } from "./settings.server";

/**
 * The settings every request reads are kept in process; once their cache expires, the last read
 * is still served while they are read again (no request waits on a busy database for settings
 * nobody changed), but a change that was announced is never served from before it.
 */
describe("store settings cache", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("serves the last read past the cache's expiry while reading again, and never a read from before an announced change", async () => {
    const { db } = database;
    await saveStoreSettings(db, { storeName: "Ahenfie" });
    expect((await getStoreSettings(db)).storeName).toBe("Ahenfie");

    // Changed behind the shop's back (an announcement missed): seen once the cache expires.
    await db.update(settings).set({ value: "Ahenfie Tailoring" }).where(eq(settings.key, "storeName"));
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_CACHE_TTL_MS + 100));
    expect(freshStoreSettings(db)?.storeName).toBe("Ahenfie");
    await vi.waitFor(() => expect(freshStoreSettings(db)?.storeName).toBe("Ahenfie Tailoring"));

    // An announced change: nothing from before it is served, not even for a moment.
    await saveStoreSettings(db, { storeName: "Ahenfie House", maintenanceMode: true });
    // (Unknown until read again, or the saved settings themselves: never the ones before.)
    expect([undefined, "Ahenfie House"]).toContain(freshStoreSettings(db)?.storeName);
    const after = await getStoreSettings(db);
    expect(after.storeName).toBe("Ahenfie House");
    expect(after.maintenanceMode).toBe(true);
    expect(freshStoreSettings(db)?.maintenanceMode).toBe(true);
  }, 20_000);
});
