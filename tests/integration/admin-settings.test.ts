import { describe, expect, it } from "vitest";
import { settings } from "~db/schema/store";
import { generalSettingsFormValues, generalSettingsSchema, notificationSettingsSchema } from "~/modules/settings/settings.schema";
import { defaultStoreSettings } from "~/modules/settings/store-settings";
import {
  getStoreSettings,
  invalidateStoreSettingsCache,
  InvalidSettingsError,
  saveStoreSettings,
} from "~/modules/settings/settings.server";
import { describeWithDatabase } from "../setup/test-database";

const generalForm = {
  currency: "USD",
  timezone: "America/New_York",
  maintenanceMode: "on",
  storeName: "  Ahenfie Osu  ",
  contactEmail: " Shop@Ahenfie.com ",
  contactPhone: "+233 30 000 0000",
  contactAddress: "1 Oxford Street\nAccra",
};

describe("settings form schemas", () => {
  it("turns form strings into settings: switches to booleans, text trimmed", () => {
    expect(generalSettingsSchema.parse(generalForm)).toEqual({
      currency: "USD",
      timezone: "America/New_York",
      maintenanceMode: true,
      storeName: "Ahenfie Osu",
      contactEmail: "Shop@Ahenfie.com",
      contactPhone: "+233 30 000 0000",
      contactAddress: "1 Oxford Street\nAccra",
      whatsappNumber: "",
      instagramUrl: "",
      facebookUrl: "",
      tiktokUrl: "",
      xUrl: "",
    });
    const { maintenanceMode: _dropped, ...unchecked } = generalForm;
    expect(generalSettingsSchema.parse(unchecked).maintenanceMode).toBe(false);
    expect(notificationSettingsSchema.parse({ emailNotifications: "on" })).toEqual({
      emailNotifications: true,
      orderNotifications: false,
      customerNotifications: false,
    });
    // The days after delivery before the invitation to review: a whole number from 0 to 60.
    expect(notificationSettingsSchema.parse({ reviewInvitationDays: " 5 " })).toMatchObject({ reviewInvitationDays: 5 });
    expect(notificationSettingsSchema.safeParse({ reviewInvitationDays: "61" }).error?.issues[0]?.message).toBe(
      "Enter the days after delivery as a whole number from 0 (no invitations) to 60",
    );
  });

  it("round-trips the current settings through the form values", () => {
    const values = generalSettingsFormValues(defaultStoreSettings);
    const {
      emailNotifications: _e,
      orderNotifications: _o,
      customerNotifications: _c,
      paymentHoldMinutes: _h,
      paymentLinkHours: _pl,
      depositPercent: _dp,
      exchangeRates: _x,
      backupTime: _t,
      backupKeepDaily: _d,
      backupKeepWeekly: _w,
      alertEmail: _a,
      reviewInvitationDays: _r,
      // Admin → Sign-in security's rules (decision 048).
      staffTwoFactorRequired: _tf,
      confirmRefundsAbove: _cr,
      // Uploaded by a form of its own (Settings → General's logo, routes/admin/settings-logo.ts).
      logo: _l,
      ...general
    } = defaultStoreSettings;
    expect(generalSettingsSchema.parse(values)).toEqual(general);
  });

  it("refuses bad input with messages a person can act on", () => {
    const result = generalSettingsSchema.safeParse({
      ...generalForm,
      currency: "JPY",
      timezone: "Mars/Olympus",
      storeName: " ",
      contactEmail: "not-an-email",
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      currency: "Choose GHS, USD or EUR",
      timezone: "Choose Africa/Accra, UTC or America/New_York",
      storeName: "Store name is required",
      contactEmail: "Enter a valid contact email, e.g. hello@example.com",
    });
  });
});

describeWithDatabase("store settings", (database) => {
  it("starts from the defaults on a fresh shop", async () => {
    expect(await getStoreSettings(database.db)).toEqual({
      currency: "GHS",
      timezone: "Africa/Accra",
      maintenanceMode: false,
      emailNotifications: true,
      orderNotifications: true,
      customerNotifications: true,
      storeName: "Ahenfie",
      logo: null,
      contactEmail: "hello@ahenfie.com",
      contactPhone: "+233 30 277 4410",
      contactAddress: "14 Oxford Street, Osu\nAccra, Ghana",
      whatsappNumber: "+233 24 411 8820",
      instagramUrl: "https://instagram.com/ahenfie",
      facebookUrl: "https://facebook.com/ahenfie",
      tiktokUrl: "",
      xUrl: "",
      paymentHoldMinutes: 30,
      paymentLinkHours: 72,
      depositPercent: 50,
      exchangeRates: { base: "GHS", rates: {} },
      backupTime: "03:00",
      backupKeepDaily: 7,
      backupKeepWeekly: 4,
      alertEmail: "",
      reviewInvitationDays: 3,
      // Admin → Sign-in security (decision 048): the app not required; refunds over ₵1,000 ask again.
      staffTwoFactorRequired: false,
      confirmRefundsAbove: 100_000,
    });
  });

  it("persists both tabs and reads them back from the database", async () => {
    await saveStoreSettings(database.db, generalSettingsSchema.parse(generalForm));
    await saveStoreSettings(database.db, notificationSettingsSchema.parse({ orderNotifications: "on" }));
    invalidateStoreSettingsCache();
    const saved = await getStoreSettings(database.db);
    expect(saved).toMatchObject({
      currency: "USD",
      timezone: "America/New_York",
      maintenanceMode: true,
      storeName: "Ahenfie Osu",
      emailNotifications: false,
      orderNotifications: true,
      customerNotifications: false,
    });
    const rows = await database.db.select().from(settings);
    expect(rows.find((r) => r.key === "maintenanceMode")?.value).toBe(true);
    await saveStoreSettings(database.db, defaultStoreSettings);
  });

  it("refuses values outside the schema and writes none of them", async () => {
    const attempt = saveStoreSettings(database.db, { storeName: "Never Saved", currency: "JPY" as "GHS" });
    await expect(attempt).rejects.toBeInstanceOf(InvalidSettingsError);
    await expect(attempt).rejects.toThrow("Invalid setting currency");
    await expect(saveStoreSettings(database.db, { favouriteColour: "red" } as object)).rejects.toBeInstanceOf(InvalidSettingsError);
    invalidateStoreSettingsCache();
    expect((await getStoreSettings(database.db)).storeName).toBe("Ahenfie");
  });

  it("falls back to the default for a stored value that no longer fits", async () => {
    await database.db.insert(settings).values({ key: "timezone", value: "Mars/Olympus" }).onConflictDoNothing();
    invalidateStoreSettingsCache();
    expect((await getStoreSettings(database.db)).timezone).toBe("Africa/Accra");
    await saveStoreSettings(database.db, { timezone: "UTC" });
    expect((await getStoreSettings(database.db)).timezone).toBe("UTC");
  });

  it("caches reads for a few seconds; saveStoreSettings shows a change at once", async () => {
    await saveStoreSettings(database.db, { maintenanceMode: false });
    expect((await getStoreSettings(database.db)).maintenanceMode).toBe(false);
    // A write that bypasses saveStoreSettings (like another instance's) waits for the TTL...
    await database.db.update(settings).set({ value: true });
    expect((await getStoreSettings(database.db)).maintenanceMode).toBe(false);
    // ...while saving through the module clears the cache.
    await saveStoreSettings(database.db, { maintenanceMode: true });
    expect((await getStoreSettings(database.db)).maintenanceMode).toBe(true);
    await saveStoreSettings(database.db, defaultStoreSettings);
  });
});
