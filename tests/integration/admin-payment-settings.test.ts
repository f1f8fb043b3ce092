import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { userRoles } from "~db/schema/store";
import { paystackConnection } from "~/modules/payments/paystack-connection.server";
import { paymentSettingsSchema } from "~/modules/settings/settings.schema";
import { getStoreSettings, invalidateStoreSettingsCache } from "~/modules/settings/settings.server";
import { createUser } from "../factories/users";
import { TEST_ORIGIN, signedInAs, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

const SECRET = "sk_test_settings_0123456789abcdef";
const PUBLIC = "pk_test_settings_0123456789abcdef";
const HOLD_MESSAGE = "Enter the hold time in whole minutes, from 10 to 10080 (7 days)";

describe("the Payments tab's schema", () => {
  it("takes whole minutes from 10 to 10080 and refuses anything else with one clear message", () => {
    expect(paymentSettingsSchema.parse({ paymentHoldMinutes: " 45 ", paymentLinkHours: "72", depositPercent: "50" })).toEqual({
      paymentHoldMinutes: 45,
      paymentLinkHours: 72,
      depositPercent: 50,
    });
    expect(paymentSettingsSchema.parse({ paymentHoldMinutes: "10080", paymentLinkHours: "720", depositPercent: "0" })).toEqual({
      paymentHoldMinutes: 10_080,
      paymentLinkHours: 720,
      depositPercent: 0,
    });
    for (const bad of ["9", "10081", "30.5", "-30", "", "thirty", "1e3"]) {
      const result = paymentSettingsSchema.safeParse({ paymentHoldMinutes: bad, paymentLinkHours: "72", depositPercent: "50" });
      expect(
        result.error?.issues.map((i) => i.message),
        bad,
      ).toEqual([HOLD_MESSAGE]);
    }
    expect(paymentSettingsSchema.safeParse({ paymentLinkHours: "72", depositPercent: "50" }).error?.issues[0]?.message).toBe(HOLD_MESSAGE);
  });

  it("takes a payment link's open time in whole hours from 1 to 720 (30 days), with one clear message otherwise", () => {
    const LINK_MESSAGE = "Enter how long a payment link stays open in whole hours, from 1 to 720 (30 days)";
    for (const bad of ["0", "721", "2.5", "-1", "", "a day"]) {
      const result = paymentSettingsSchema.safeParse({ paymentHoldMinutes: "30", paymentLinkHours: bad, depositPercent: "50" });
      expect(
        result.error?.issues.map((i) => i.message),
        bad,
      ).toEqual([LINK_MESSAGE]);
    }
  });

  it("takes the deposit on bespoke pieces as a whole percentage from 0 (none) to 90, with one clear message otherwise", () => {
    const DEPOSIT_MESSAGE = "Enter the deposit as a whole percentage from 0 (none) to 90";
    for (const bad of ["91", "100", "-5", "50.5", "", "half"]) {
      const result = paymentSettingsSchema.safeParse({ paymentHoldMinutes: "30", paymentLinkHours: "72", depositPercent: bad });
      expect(
        result.error?.issues.map((i) => i.message),
        bad,
      ).toEqual([DEPOSIT_MESSAGE]);
    }
  });

  it("shows staff the mode and the keys' prefixes, never a key", () => {
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: "silent" });
    const view = paystackConnection({
      config: { ...config, paystack: { secretKey: SECRET, publicKey: PUBLIC, apiUrl: "https://api.paystack.co" } },
    });
    expect(view).toEqual({
      mode: "test",
      secretKeyPrefix: "sk_test_",
      publicKeyPrefix: "pk_test_",
      keysDisagree: false,
      webhookUrl: `${TEST_ORIGIN}/api/webhooks/paystack`,
      webhookUnreachable: true,
      standInUrl: null,
    });
    expect(JSON.stringify(view)).not.toContain("settings_0123");
    const mixed = paystackConnection({
      config: {
        ...config,
        origin: "https://ahenfie.com",
        paystack: { secretKey: "sk_live_x1", publicKey: PUBLIC, apiUrl: "http://127.0.0.1:4010" },
      },
    });
    expect(mixed).toMatchObject({ mode: "live", keysDisagree: true, webhookUnreachable: false, standInUrl: "http://127.0.0.1:4010" });
  });
});

/**
 * Settings → Payments through the route itself: what an admin sees with and without Paystack's
 * keys, and the hold time saved (or refused with its message) by the page's action.
 */
describeWithDatabase("admin settings: Payments tab", (database) => {
  let adminId: string;
  beforeAll(async () => {
    adminId = (await createUser(database.db, { email: "owner@example.com", name: "Owner" })).id;
    await database.db.insert(userRoles).values({ userId: adminId, role: "owner" });
  });

  function adminContext(paystack?: { secretKey?: string; publicKey?: string; apiUrl?: string }): AppLoadContext {
    const base = testLoadContext(database);
    return testLoadContext(database, {
      config: { ...base.config, paystack: { secretKey: undefined, publicKey: undefined, apiUrl: "https://api.paystack.co", ...paystack } },
      auth: signedInAs({ id: adminId, email: "owner@example.com", name: "Owner" }),
    });
  }
  const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: "ahenfie.session_token=abc" } });
  const post = (form: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}/admin/settings`, {
      method: "POST",
      headers: { cookie: "ahenfie.session_token=abc", origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  /** The Payments tab's data (an owner's page carries it: decision 047). */
  const load = async (context: AppLoadContext) => {
    const page = await settingsLoader({ request: get("/admin/settings?tab=payments"), context, params: {} } as unknown as Parameters<
      typeof settingsLoader
    >[0]);
    return { ...page, payments: page.payments! };
  };
  async function act(form: Record<string, string>) {
    const answer = (await settingsAction({ request: post(form), context: adminContext(), params: {} } as unknown as Parameters<
      typeof settingsAction
    >[0])) as unknown;
    const d = answer as { data?: unknown; init?: ResponseInit | null };
    return d && typeof d === "object" && "init" in d ? { status: d.init?.status ?? 200, body: d.data } : { status: 200, body: answer };
  }

  it("connected with test keys: test mode, the key prefixes only, the webhook URL, the stand-in's API URL", async () => {
    const page = await load(adminContext({ secretKey: SECRET, publicKey: PUBLIC, apiUrl: "http://127.0.0.1:4010" }));
    expect(page.payments).toEqual({
      paystack: {
        mode: "test",
        secretKeyPrefix: "sk_test_",
        publicKeyPrefix: "pk_test_",
        keysDisagree: false,
        webhookUrl: "http://shop.test/api/webhooks/paystack",
        webhookUnreachable: true,
        standInUrl: "http://127.0.0.1:4010",
      },
      holdMinutes: 30,
      linkHours: 72,
      depositPercent: 50,
      storeCurrency: "GHS",
    });
    expect(JSON.stringify(page)).not.toContain("settings_0123");
  });

  it("without keys: not connected, and the dashboard tells staff Card and Mobile Money are off", async () => {
    const page = await load(adminContext());
    expect(page.payments.paystack).toMatchObject({ mode: "not-connected", secretKeyPrefix: null, publicKeyPrefix: null, standInUrl: null });
    const dashboard = (args: AppLoadContext) =>
      dashboardLoader({ request: get("/admin"), context: args, params: {} } as unknown as Parameters<typeof dashboardLoader>[0]);
    expect(await dashboard(adminContext())).toMatchObject({ ok: true, paystackConnected: false });
    expect(await dashboard(adminContext({ secretKey: SECRET }))).toMatchObject({ ok: true, paystackConnected: true });
  });

  it("saves the hold time and the links' open time, and refuses one out of range with its message, saving nothing", async () => {
    expect(await act({ intent: "payments", paymentHoldMinutes: "45", paymentLinkHours: "48", depositPercent: "40" })).toEqual({
      status: 200,
      body: { intent: "payments", ok: true, message: "Settings saved" },
    });
    invalidateStoreSettingsCache();
    expect((await getStoreSettings(database.db)).paymentHoldMinutes).toBe(45);
    expect((await getStoreSettings(database.db)).paymentLinkHours).toBe(48);
    expect((await getStoreSettings(database.db)).depositPercent).toBe(40);

    const refused = await act({ intent: "payments", paymentHoldMinutes: "5", paymentLinkHours: "48", depositPercent: "40" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ intent: "payments", ok: false, message: HOLD_MESSAGE });
    invalidateStoreSettingsCache();
    expect((await getStoreSettings(database.db)).paymentHoldMinutes).toBe(45);
    expect((await load(adminContext())).payments.holdMinutes).toBe(45);
    expect((await load(adminContext())).payments.linkHours).toBe(48);
    expect((await load(adminContext())).payments.depositPercent).toBe(40);
  });
});
