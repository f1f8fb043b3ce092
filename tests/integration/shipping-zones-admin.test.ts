import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shippingZones } from "~db/schema/shipping";
import { settings } from "~db/schema/store";
import { mergeExchangeRates, exchangeRatesFormSchema } from "~/modules/currency/exchange-rates-form";
import { saveExchangeRates, staleExchangeRates, exchangeRatesForAdmin } from "~/modules/currency/exchange-rates.server";
import { getStoreSettings, saveStoreSettings } from "~/modules/settings/settings.server";
import { shippingZoneFormSchema, type ShippingZoneInput } from "~/modules/shipping/shipping-zone.schema";
import { createShippingZone, deleteShippingZone, updateShippingZone } from "~/modules/shipping/shipping-zones-admin.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import type { ShopRates } from "~/modules/shipping/shop-rates";
import { formatDate } from "~/lib/dates";
import { loader as shopRatesLoader } from "~/routes/api/shop-rates";
import { action as settingsAction } from "~/routes/admin/settings";
import { action, loader } from "~/routes/admin/shipping";
import { createAdmin, createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Issue 13, staff side: shipping zones edited on the admin Shipping page (one country in one
 * zone, even when two staff save at once; the rest-of-world zone stays) and exchange rates in
 * Settings → Currencies (a date moves only with its rate; empty removes; bad values refused).
 */
const europe = (overrides: Partial<ShippingZoneInput> = {}): ShippingZoneInput => ({
  name: "Europe",
  areas: ["GB", "FR", "DE"],
  fee: 45000,
  freeShippingThreshold: null,
  deliveryMinDays: 4,
  deliveryMaxDays: 7,
  payOnDelivery: false,
  ...overrides,
});

describe("the zone form's schema", () => {
  const parse = (form: Record<string, unknown>) =>
    shippingZoneFormSchema.safeParse({ name: "Europe", areas: ["GB"], fee: "450", deliveryMinDays: "4", deliveryMaxDays: "7", ...form });
  const message = (form: Record<string, unknown>) => {
    const result = parse(form);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("gives money in pesewas, empty free-over as never free, and the switch as a boolean", () => {
    expect(parse({ freeShippingThreshold: "", payOnDelivery: "on" }).data).toMatchObject({
      fee: 45000,
      freeShippingThreshold: null,
      payOnDelivery: true,
      areas: ["GB"],
    });
    expect(parse({ areas: "FR", fee: "0", freeShippingThreshold: "1000.5" }).data).toMatchObject({
      areas: ["FR"],
      fee: 0,
      freeShippingThreshold: 100050,
      payOnDelivery: false,
    });
  });

  it("refuses bad amounts, days and areas with clear messages", () => {
    expect(message({ fee: "" })).toBe("Fee is required (0 ships free)");
    expect(message({ fee: "-5" })).toBe("Fee cannot be negative");
    expect(message({ fee: "4.555" })).toBe("Fee can have at most 2 decimal places");
    expect(message({ fee: "abc" })).toBe("Fee must be an amount, like 45.00");
    expect(message({ freeShippingThreshold: "0" })).toBe(
      "Free shipping over must be more than 0; leave it empty if shipping is never free",
    );
    expect(message({ deliveryMinDays: "8", deliveryMaxDays: "5" })).toBe("Slowest delivery cannot be sooner than the fastest");
    expect(message({ deliveryMaxDays: "400" })).toBe("Slowest delivery can be at most 365 days");
    expect(message({ deliveryMinDays: "1.5" })).toBe("Fastest delivery must be a whole number of days");
    expect(message({ areas: ["GB", "XX"] })).toBe('"XX" is not a country or Ghana region we know');
    expect(message({ name: "  " })).toBe("Name is required");
  });
});

describeWithDatabase("admin shipping zones", (database) => {
  let adminId: string;
  let customerId: string;

  beforeAll(async () => {
    adminId = (await createAdmin(database.db, { email: "owner@example.com" })).id;
    customerId = (await createUser(database.db, { email: "ama@example.com" })).id;
  });

  beforeEach(async () => {
    await database.db
      .delete(shippingZones)
      .where(sql`not ${shippingZones.isRestOfWorld} and ${shippingZones.name} not in ('Greater Accra', 'Rest of Ghana', 'West Africa')`);
  });

  /** What the storefront reads: GET /api/shop-rates. */
  const shopRates = async () =>
    (
      (await shopRatesLoader({
        request: new Request(`${TEST_ORIGIN}/api/shop-rates`),
        context: testLoadContext(database),
        params: {},
      } as never)) as {
        data: ShopRates;
      }
    ).data;
  const names = async () => (await listShippingZones(database.db)).map((zone) => zone.name);
  const zoneNamed = async (name: string) => (await listShippingZones(database.db)).find((zone) => zone.name === name);

  it("creates a zone before the rest of the world, edits it and deletes it; shop rates follow at once", async () => {
    const created = await createShippingZone(database.db, europe());
    expect(await names()).toEqual(["Greater Accra", "Rest of Ghana", "West Africa", "Europe", "Rest of the world"]);
    expect((await shopRates()).zones.find((zone) => zone.name === "Europe")).toMatchObject({
      areas: ["GB", "FR", "DE"],
      fee: 45000,
      deliveryMinDays: 4,
      deliveryMaxDays: 7,
    });

    await updateShippingZone(database.db, created.id, europe({ name: "Europe and Ireland", areas: ["GB", "FR", "DE", "IE"], fee: 50000 }));
    expect(await zoneNamed("Europe and Ireland")).toMatchObject({ areas: ["GB", "FR", "DE", "IE"], fee: 50000 });
    expect((await shopRates()).zones.map((zone) => zone.name)).toContain("Europe and Ireland");

    await deleteShippingZone(database.db, created.id);
    expect(await names()).toEqual(["Greater Accra", "Rest of Ghana", "West Africa", "Rest of the world"]);
  });

  it("refuses a country already in another zone, naming both", async () => {
    await expect(createShippingZone(database.db, europe({ areas: ["GB", "NG"] }))).rejects.toThrow("Nigeria is already in West Africa.");
    await expect(createShippingZone(database.db, europe({ name: "Accra again", areas: ["GH-AA"] }))).rejects.toThrow(
      "Greater Accra (Ghana) is already in Greater Accra.",
    );
    const created = await createShippingZone(database.db, europe());
    await expect(createShippingZone(database.db, europe({ name: "Britain", areas: ["GB"] }))).rejects.toThrow(
      "United Kingdom is already in Europe.",
    );
    // A zone may keep its own countries when it is saved again.
    await updateShippingZone(database.db, created.id, europe({ fee: 40000 }));
    expect(await names()).not.toContain("Britain");
  });

  it("refuses a taken name whatever its case, and a zone without any country", async () => {
    await expect(createShippingZone(database.db, europe({ name: "west africa", areas: ["GB"] }))).rejects.toThrow(
      "There is already a zone called West Africa. Choose another name.",
    );
    await expect(createShippingZone(database.db, europe({ areas: [] }))).rejects.toThrow("Choose at least one country or Ghana region.");
  });

  it("keeps the rest-of-world zone: it cannot be deleted or be given countries", async () => {
    const rest = (await listShippingZones(database.db)).find((zone) => zone.isRestOfWorld)!;
    await expect(deleteShippingZone(database.db, rest.id)).rejects.toThrow(
      "Rest of the world cannot be deleted: it prices every country no other zone names.",
    );
    await expect(updateShippingZone(database.db, rest.id, europe({ name: "Rest of the world", areas: ["US"] }))).rejects.toThrow(
      /has no countries of its own/,
    );
    await updateShippingZone(database.db, rest.id, europe({ name: "Everywhere else", areas: [], fee: 70000 }));
    expect(await zoneNamed("Everywhere else")).toMatchObject({ isRestOfWorld: true, areas: [], fee: 70000 });
    await updateShippingZone(
      database.db,
      rest.id,
      europe({ name: "Rest of the world", areas: [], fee: 60000, deliveryMinDays: 6, deliveryMaxDays: 10 }),
    );
  });

  it("two staff saving at once never put a country in two zones", async () => {
    const results = await Promise.allSettled([
      createShippingZone(database.db, europe({ name: "Europe", areas: ["GB", "FR"] })),
      createShippingZone(database.db, europe({ name: "Britain", areas: ["GB"] })),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/United Kingdom is already in (Europe|Britain)\./);
    const zones = await listShippingZones(database.db);
    expect(zones.filter((zone) => zone.areas.includes("GB"))).toHaveLength(1);

    // Moving a country between zones from both sides at once: still exactly one owner.
    const [europeZone] = zones.filter((zone) => zone.areas.includes("GB"));
    const other = await createShippingZone(database.db, europe({ name: "Nordics", areas: ["SE"] }));
    await Promise.allSettled([
      updateShippingZone(database.db, other.id, europe({ name: "Nordics", areas: ["SE", "DE"] })),
      updateShippingZone(database.db, europeZone!.id, europe({ name: europeZone!.name, areas: [...europeZone!.areas, "DE"] })),
    ]);
    const after = await listShippingZones(database.db);
    expect(after.filter((zone) => zone.areas.includes("DE"))).toHaveLength(1);
  });

  describe("through the page", () => {
    const cookie = { cookie: "ahenfie.session_token=abc" };
    const as = (userId: string, email: string) => testLoadContext(database, { auth: signedInAs({ id: userId, email }) });
    const post = (context: ReturnType<typeof as>, form: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
      const request = new Request(`${TEST_ORIGIN}/admin/shipping`, {
        method: "POST",
        headers: { ...cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      return Promise.resolve(action({ request, context, params: {} } as never)).catch((thrown: unknown) => thrown) as Promise<{
        data: { ok: boolean; message?: string; result?: { error?: Record<string, string[]> } };
        init: { status: number } | null;
      }>;
    };
    const form = {
      intent: "create",
      name: "Europe",
      areas: ["GB", "FR", "DE"],
      fee: "450",
      freeShippingThreshold: "",
      deliveryMinDays: "4",
      deliveryMaxDays: "7",
    };

    it("refuses a customer every action and the page", async () => {
      const customer = as(customerId, "ama@example.com");
      const europeZone = await createShippingZone(database.db, europe());
      for (const body of [
        form,
        { ...form, intent: "update", id: String(europeZone.id) },
        { intent: "delete", id: String(europeZone.id) },
      ]) {
        const refused = await post(customer, body);
        expect(refused).toMatchObject({ init: { status: 403 } });
      }
      expect(await zoneNamed("Europe")).toMatchObject({ fee: 45000 });
      const page = await Promise.resolve(
        loader({
          request: new Request(`${TEST_ORIGIN}/admin/shipping`, { headers: cookie }),
          url: new URL(`${TEST_ORIGIN}/admin/shipping`),
          context: customer,
          params: {},
        } as never),
      ).catch((thrown: unknown) => thrown);
      expect((page as Response).headers.get("location")).toBe("/");
    });

    it("lets an admin add a zone, and answers a clash under the countries field", async () => {
      const admin = as(adminId, "owner@example.com");
      const created = await post(admin, form);
      expect(created.data).toMatchObject({ ok: true, intent: "create", zone: { name: "Europe" } });
      const clash = await post(admin, { ...form, name: "Britain", areas: ["GB"] });
      expect(clash.init?.status).toBe(409);
      expect(clash.data.message).toBe("United Kingdom is already in Europe.");
      expect(clash.data.result?.error?.areas).toEqual(["United Kingdom is already in Europe."]);
      const bad = await post(admin, { ...form, name: "Asia", areas: ["JP"], fee: "-1" });
      expect(bad.init?.status).toBe(400);
      expect(bad.data.result?.error?.fee).toEqual(["Fee cannot be negative"]);
    });
  });

  describe("exchange rates", () => {
    const DAY = 24 * 60 * 60 * 1000;
    beforeEach(async () => {
      await database.db.delete(settings).where(eq(settings.key, "exchangeRates"));
      await saveStoreSettings(database.db, {
        exchangeRates: {
          base: "GHS",
          rates: {
            USD: { rate: 0.0909, setAt: new Date(Date.now() - 8 * DAY).toISOString() },
            GBP: { rate: 0.0714, setAt: new Date(Date.now() - 2 * DAY).toISOString() },
          },
        },
      });
    });

    it("moves a date only with its rate, and an empty field removes the currency", async () => {
      const before = (await getStoreSettings(database.db)).exchangeRates;
      const entered = exchangeRatesFormSchema.parse({ USD: "0.0925", GBP: "0.0714", EUR: "0.083", NGN: "", XOF: "" });
      const now = new Date();
      const saved = await saveExchangeRates(database.db, entered, now);
      expect(saved.rates.USD).toEqual({ rate: 0.0925, setAt: now.toISOString() });
      expect(saved.rates.GBP).toEqual(before.rates.GBP);
      expect(saved.rates.EUR).toEqual({ rate: 0.083, setAt: now.toISOString() });
      expect(saved.rates.NGN).toBeUndefined();
      expect((await shopRates()).exchangeRates).toMatchObject({ USD: { rate: 0.0925 }, EUR: { rate: 0.083 } });
      // The day each rate was set reaches shoppers written out, in the store's timezone (Accra).
      expect((await shopRates()).exchangeRates.USD?.setOn).toBe(formatDate(now, "Africa/Accra"));
      expect(formatDate(now, "Africa/Accra")).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

      const removed = await saveExchangeRates(database.db, exchangeRatesFormSchema.parse({ USD: "0.0925", GBP: "" }), now);
      expect(Object.keys(removed.rates)).toEqual(["USD"]);
    });

    it("flags a rate older than a week for the dashboard", async () => {
      expect(await staleExchangeRates(database.db)).toEqual(["USD"]);
      const view = await exchangeRatesForAdmin(database.db);
      expect(view.rows.find((row) => row.currency === "USD")).toMatchObject({ rate: 0.0909, stale: true });
      expect(view.rows.find((row) => row.currency === "GBP")).toMatchObject({ rate: 0.0714, stale: false });
      expect(view.rows.map((row) => row.currency)).not.toContain("GHS");
    });

    it("sets rates set for another store currency again, against the new one", () => {
      const old = { base: "GHS" as const, rates: { EUR: { rate: 0.083, setAt: "2026-01-01T00:00:00.000Z" } } };
      const now = new Date("2026-11-24T12:00:00.000Z");
      expect(mergeExchangeRates(old, "USD", exchangeRatesFormSchema.parse({ EUR: "0.083", GHS: "11", USD: "1" }), now)).toEqual({
        base: "USD",
        rates: { GHS: { rate: 11, setAt: now.toISOString() }, EUR: { rate: 0.083, setAt: now.toISOString() } },
      });
    });

    it("refuses a bad rate with a clear message through the Settings page, and a customer altogether", async () => {
      const postRates = (userId: string, email: string, form: Record<string, string>) =>
        Promise.resolve(
          settingsAction({
            request: new Request(`${TEST_ORIGIN}/admin/settings`, {
              method: "POST",
              headers: { cookie: "ahenfie.session_token=abc", origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ intent: "currencies", ...form }),
            }),
            context: testLoadContext(database, { auth: signedInAs({ id: userId, email }) }),
            params: {},
          } as never),
        ).catch((thrown: unknown) => thrown) as Promise<{
          data: { ok: boolean; message: string; result?: { error?: Record<string, string[]> } };
          init: { status: number } | null;
        }>;

      for (const [value, expected] of [
        ["abc", "The USD rate must be a number, like 0.0909"],
        ["0", "The USD rate must be more than 0"],
        ["-1", "The USD rate must be more than 0"],
        ["2000000", "The USD rate can be at most 1,000,000"],
        ["0.09091234", "The USD rate can have at most 6 significant digits, like 0.0909"],
      ] as const) {
        const refused = await postRates(adminId, "owner@example.com", { USD: value, GBP: "0.0714" });
        expect(refused.init?.status).toBe(400);
        expect(refused.data.result?.error?.USD).toEqual([expected]);
      }
      expect((await getStoreSettings(database.db)).exchangeRates.rates.USD?.rate).toBe(0.0909);

      const customer = await postRates(customerId, "ama@example.com", { USD: "0.5" });
      expect(customer).toMatchObject({ init: { status: 403 } });
      const saved = await postRates(adminId, "owner@example.com", { USD: "0.0931", GBP: "0.0714" });
      expect(saved).toMatchObject({ ok: true, intent: "currencies" });
      expect((await getStoreSettings(database.db)).exchangeRates.rates.USD?.rate).toBe(0.0931);
    });
  });
});
