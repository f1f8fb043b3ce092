import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement as h } from "react";
import { Outlet, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameActivityActor } from "~db/activity-scope";
import { twoFactors, users } from "~db/schema/auth";
import { products } from "~db/schema/catalog";
import { shippingZones } from "~db/schema/shipping";
import { orders } from "~db/schema/orders";
import { paymentLinks } from "~db/schema/staff-orders";
import { staffInvitations } from "~db/schema/store";
import { createOrPromoteAdmin } from "~/modules/auth/admin-account.server";
import { signIn } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import type { Role } from "~/modules/auth/capabilities";
import { setUserRole } from "~/modules/auth/roles.server";
import { productFormValues } from "~/modules/catalog/product-form-data";
import { getAdminProduct } from "~/modules/catalog/product-management.server";
import { generalSettingsFormValues } from "~/modules/settings/settings.schema";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { applyVerifiedTransaction, createPaymentAttempt } from "~/modules/payments/payment-attempts.server";
import { initializeTransaction, verifyTransaction } from "~/modules/payments/paystack-client.server";
import type { ActivityEntry } from "~/modules/activity/activity-log.server";
import { action as discountsAction } from "~/routes/admin/discounts";
import { action as ordersAction } from "~/routes/admin/orders";
import { action as productsAction } from "~/routes/admin/products";
import { action as securityAction } from "~/routes/admin/security";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as shippingAction } from "~/routes/admin/shipping";
import { action as webhookAction } from "~/routes/api/paystack-webhook";
import { action as checkoutAction } from "~/routes/storefront/checkout";
import { loadConfig } from "~/env.server";
import { DatabaseAvailability } from "../../server/database-availability";
import { createHttpApp } from "../../server/http";
import { createLogger } from "../../server/logger";
import { PageCache } from "../../server/page-cache";
import { createProduct, variantOf } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { entriesOf, entriesSince, inActivityScope, lastActivityId } from "../setup/activity";
import { createTestAuth, signedInAs, silentLog, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { smallServerBuild } from "../setup/small-server-build";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * The activity log (issue 48 part 4, decision 049) through the admin's real route actions: one
 * entry per change, with who, their role, their address, the form, what was changed and its
 * fields before → after; none for the storefront's or Paystack's own changes; none for a change
 * that failed; secrets never stored; concurrent changes each their own entry, in a chain that
 * adds up. Each post runs in an activity scope, as server/http.ts runs every post (the last test
 * goes through server/http.ts itself).
 */

const SECRET_KEY = "sk_test_activitylog_0123456789abcdef";
const OWNER_IP = "198.51.100.7";
const MANAGER_IP = "198.51.100.8";
const STAFF_IP = "198.51.100.9";

interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  ip: string;
}

/** A form's values as the browser posts them: true switches as "on" (false ones left out), lists one value each, rows as name[i].field. */
function formOf(values: Record<string, unknown>, prefix = "", into = new URLSearchParams()): URLSearchParams {
  for (const [name, value] of Object.entries(values)) {
    const field = prefix ? `${prefix}.${name}` : name;
    if (value === false || value === null || value === undefined) continue;
    if (value === true) into.append(field, "on");
    else if (Array.isArray(value))
      value.forEach((item, index) =>
        typeof item === "object" && item !== null
          ? formOf(item as Record<string, unknown>, `${field}[${index}]`, into)
          : into.append(field, String(item)),
      );
    else into.append(field, String(value));
  }
  return into;
}

const stockOf = (entry: ActivityEntry) => entry.changes.stock as [number, number];

describeWithDatabase("the activity log", (database) => {
  const db = () => database.db;
  let standIn: PaystackStandIn;
  let receiver: WebhookReceiver;
  let config: AppLoadContext["config"];
  let owner: Member;
  let manager: Member;
  let staff: Member;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    standIn = await startPaystackStandIn({ secretKey: SECRET_KEY, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
    const base = testLoadContext(database);
    config = { ...base.config, paystack: { secretKey: SECRET_KEY, publicKey: "pk_test_activitylog_01", apiUrl: standIn.url } };
    const member = async (name: string, role: Role, ip: string): Promise<Member> => {
      const user = await createUser(db(), { name, email: `${name.split(" ")[0]!.toLowerCase()}@activity-log.test` });
      await setUserRole(db(), user.id, role);
      return { id: user.id, email: user.email, name, role, ip };
    };
    owner = await member("Adwoa Mensah", "owner", OWNER_IP);
    manager = await member("Kwame Boateng", "manager", MANAGER_IP);
    staff = await member("Esi Owusu", "staff", STAFF_IP);
  });
  afterAll(async () => {
    await standIn?.close();
    await receiver?.close();
  });

  const contextOf = (who: Member) => testLoadContext(database, { config, clientIp: who.ip, auth: signedInAs(who) });
  type Action = Parameters<typeof routeAnswer>[0];
  /** A member's post to an admin page, as the server runs it: in its own activity scope. */
  function post(action: Action, path: string, body: URLSearchParams | FormData, who: Member = owner) {
    const headers = new Headers({ cookie: "ahenfie.session_token=member", origin: TEST_ORIGIN });
    if (body instanceof URLSearchParams) headers.set("content-type", "application/x-www-form-urlencoded");
    const request = new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body });
    return inActivityScope(() => routeAnswer(action, { request, context: contextOf(who) }));
  }
  /** Posts and returns the answer and the entries it wrote. */
  async function change(action: Action, path: string, body: URLSearchParams | FormData, who: Member = owner) {
    const since = await lastActivityId(db());
    const answer = await post(action, path, body, who);
    return { answer, entries: await entriesSince(db(), since) };
  }
  const whoFields = (who: Member, action: string) => ({ actorId: who.id, actorName: who.name, actorRole: who.role, ip: who.ip, action });
  const productForm = async (id: number, edit: (values: ReturnType<typeof productFormValues>) => void) => {
    const values = productFormValues(await getAdminProduct(db(), id));
    edit(values);
    return formOf({ intent: "update", id: String(id), ...values });
  };
  const stockCsv = (rows: [string, number][]) => {
    const form = new FormData();
    form.set("intent", "import-stock");
    form.set(
      "file",
      new File([["SKU,Stock", ...rows.map(([sku, stock]) => `${sku},${stock}`)].join("\n")], "stock.csv", { type: "text/csv" }),
    );
    return form;
  };

  describe("one entry per change, with who, where from and before → after", () => {
    it("a product's name and price through the product dialog", async () => {
      const product = await createProduct(db(), { name: "Osu Linen Kaftan", price: 29_999, sizes: ["M", "L"], stock: 6 });
      const body = await productForm(product.id, (values) => {
        values.name = "Osu Linen Kaftan (ivory)";
        values.price = "319.50";
      });
      const { answer, entries } = await change(productsAction, "/admin/products", body, manager);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(entries).toEqual([
        expect.objectContaining({
          ...whoFields(manager, "admin/products#update"),
          area: "products",
          kind: "product",
          operation: "changed",
          subjectId: String(product.id),
          subjectLabel: "Osu Linen Kaftan (ivory)",
          productId: product.id,
          orderId: null,
          changes: { name: ["Osu Linen Kaftan", "Osu Linen Kaftan (ivory)"], price: [29_999, 31_950] },
        }),
      ]);
      expect(entries[0]!.at).toBeInstanceOf(Date);
    });

    it("a product with colours: its price alone records the product alone; a colour renamed records the colour and its cells", async () => {
      const product = await createProduct(db(), {
        name: "Kente Kaftan",
        price: 50_000,
        sizes: ["M", "L"],
        colors: [
          { name: "Ivory", hex: "#F4EFE6" },
          { name: "Gold", hex: "#C9A227" },
        ],
      });
      const repriced = await change(
        productsAction,
        "/admin/products",
        await productForm(product.id, (values) => {
          values.price = "520.00";
        }),
      );
      expect(repriced.entries).toEqual([expect.objectContaining({ kind: "product", changes: { price: [50_000, 52_000] } })]);
      const renamed = await change(
        productsAction,
        "/admin/products",
        await productForm(product.id, (values) => {
          values.colors[0]!.name = "Cream";
          for (const cell of values.variants) if (cell.color === "Ivory") cell.color = "Cream";
        }),
      );
      expect(renamed.entries.map((e) => [e.kind, e.subjectLabel, e.changes])).toEqual([
        ["colour", "Kente Kaftan · Cream", { name: ["Ivory", "Cream"] }],
        ["variant", "Kente Kaftan · Cream · M", { color: ["Ivory", "Cream"] }],
        ["variant", "Kente Kaftan · Cream · L", { color: ["Ivory", "Cream"] }],
      ]);
    });

    it("a variant's stock, through the product dialog and through the stock import", async () => {
      const product = await createProduct(db(), { name: "Adinkra Shirt", sizes: ["S", "M"], stock: 8 });
      const small = await variantOf(db(), product.id, "S");
      const medium = await variantOf(db(), product.id, "M");
      const edited = await change(
        productsAction,
        "/admin/products",
        await productForm(product.id, (values) => {
          values.variants.find((cell) => cell.size === "M")!.stock = "5";
        }),
      );
      expect(edited.entries).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/products#update"),
          area: "products",
          kind: "variant",
          operation: "changed",
          subjectId: String(medium.id),
          subjectLabel: "Adinkra Shirt · M",
          productId: product.id,
          changes: { stock: [8, 5] },
        }),
      ]);

      // Staff count stock: the import changes two cells and leaves the third as it was.
      const imported = await change(
        productsAction,
        "/admin/products",
        stockCsv([
          [small.sku, 2],
          [medium.sku, 5],
        ]),
        staff,
      );
      expect(imported.answer.status, JSON.stringify(imported.answer.body)).toBe(200);
      expect(imported.entries).toEqual([
        expect.objectContaining({
          ...whoFields(staff, "admin/products#import-stock"),
          kind: "variant",
          subjectId: String(small.id),
          subjectLabel: "Adinkra Shirt · S",
          productId: product.id,
          changes: { stock: [8, 2] },
        }),
      ]);
    });

    it("an order's status", async () => {
      const order = await createOrder(db(), { orderNumber: "ORD-480001" });
      const { answer, entries } = await change(
        ordersAction,
        "/admin/orders",
        new URLSearchParams({ intent: "status", orderId: order.id, status: "confirmed" }),
      );
      expect(answer.body).toMatchObject({ ok: true, changed: true });
      expect(entries).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/orders#status"),
          area: "orders",
          kind: "order",
          operation: "changed",
          subjectId: order.id,
          subjectLabel: "ORD-480001",
          orderId: order.id,
          changes: { order_status: ["processing", "confirmed"] },
        }),
      ]);

      // Marked shipped with its tracking: one change of the order, one entry.
      const shipped = await change(
        ordersAction,
        "/admin/orders",
        new URLSearchParams({
          intent: "ship",
          orderId: order.id,
          carrier: "dhl",
          trackingNumber: "JD0146000099",
          carrierOther: "",
          trackingUrl: "",
        }),
        staff,
      );
      expect(shipped.answer.body).toMatchObject({ ok: true });
      expect(shipped.entries).toEqual([
        expect.objectContaining({
          ...whoFields(staff, "admin/orders#ship"),
          kind: "order",
          subjectId: order.id,
          changes: {
            order_status: ["confirmed", "shipped"],
            shipping_carrier: [null, "DHL Express"],
            tracking_number: [null, "JD0146000099"],
            tracking_url: [null, expect.stringContaining("JD0146000099")],
          },
        }),
      ]);
    });

    it("a refund through Paystack; Paystack's own webhook then changes the order and records nothing", async () => {
      const { order } = await paidOnlineOrder(20_000);
      receiver.received.length = 0;
      const refundId = crypto.randomUUID();
      const { answer, entries } = await change(
        ordersAction,
        "/admin/orders",
        new URLSearchParams({ intent: "refund", orderId: order.id, refundId, amount: "80.00", reason: "Sleeves too long, returned" }),
        manager,
      );
      expect(answer.body).toMatchObject({ ok: true, kind: "refund", status: "pending" });
      const [created, ...answered] = entries;
      expect(created).toMatchObject({
        ...whoFields(manager, "admin/orders#refund"),
        area: "payments",
        kind: "refund",
        operation: "created",
        subjectId: refundId,
        subjectLabel: order.orderNumber,
        orderId: order.id,
        changes: {
          amount: [null, 8_000],
          reason: [null, "Sleeves too long, returned"],
          status: [null, "pending"],
          provider: [null, "paystack"],
          requested_by: [null, "Kwame Boateng"],
          requested_by_user_id: [null, manager.id],
        },
      });
      // Paystack's answer names its refund id, written in the same request: the same member's.
      expect(answered).toEqual([
        expect.objectContaining({
          ...whoFields(manager, "admin/orders#refund"),
          kind: "refund",
          operation: "changed",
          subjectId: refundId,
          changes: { provider_refund_id: [null, expect.stringMatching(/^\d+$/)] },
        }),
      ]);

      // The stand-in processes the refund and tells the shop's webhook: applied, recorded nowhere.
      await standIn.idle();
      const events = receiver.received.filter((r) => r.rawBody.includes('"refund.'));
      expect(events.length).toBeGreaterThan(0);
      const since = await lastActivityId(db());
      for (const event of events) {
        const answered = await inActivityScope(() =>
          routeAnswer(webhookAction as Action, {
            request: new Request(`${TEST_ORIGIN}/api/webhooks/paystack`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-paystack-signature": String(event.headers["x-paystack-signature"]) },
              body: event.rawBody,
            }),
            context: testLoadContext(database, { config, clientIp: "52.31.139.75" }),
          }),
        );
        expect(answered.status).toBe(200);
      }
      const [after] = await db().select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id));
      expect(after!.paymentStatus).toBe("partially_refunded");
      expect(await entriesSince(db(), since)).toEqual([]);
    });

    it("a discount code created, then paused", async () => {
      const created = await change(
        discountsAction,
        "/admin/discounts",
        new URLSearchParams({ intent: "create", code: "akwaaba-15", kind: "percentage", percent: "15", scope: "order" }),
        manager,
      );
      expect(created.answer.body).toMatchObject({ ok: true, intent: "create" });
      const id = (created.answer.body as { code: { id: number } }).code.id;
      expect(created.entries).toEqual([
        expect.objectContaining({
          ...whoFields(manager, "admin/discounts#create"),
          area: "discounts",
          kind: "discount code",
          operation: "created",
          subjectId: String(id),
          subjectLabel: "AKWAABA-15",
          changes: expect.objectContaining({
            code: [null, "AKWAABA-15"],
            kind: [null, "percentage"],
            value: [null, 15],
            paused: [null, false],
          }),
        }),
      ]);
      const paused = await change(discountsAction, "/admin/discounts", new URLSearchParams({ intent: "pause", id: String(id) }), manager);
      expect(paused.entries).toEqual([
        expect.objectContaining({
          ...whoFields(manager, "admin/discounts#pause"),
          kind: "discount code",
          operation: "changed",
          subjectId: String(id),
          changes: { paused: [false, true] },
        }),
      ]);
    });

    it("a settings tab saved: one entry per field that changed, from what the shop used before (its default too)", async () => {
      // The General tab as the page fills it, the store name changed: the shop's first save of it.
      const shown = generalSettingsFormValues(await getStoreSettings(db()));
      const general = formOf({ intent: "general", ...shown, storeName: "Ahenfie Accra" });
      const first = await change(settingsAction, "/admin/settings", general);
      expect(first.answer.body).toMatchObject({ ok: true, intent: "general" });
      expect(first.entries).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/settings#general"),
          area: "settings",
          kind: "setting",
          operation: "changed",
          subjectId: "storeName",
          subjectLabel: "storeName",
          changes: { value: [shown.storeName, "Ahenfie Accra"] },
        }),
      ]);
      // Saved again with another field changed: that field's entry alone.
      general.set("contactPhone", "+233 30 000 1111");
      const second = await change(settingsAction, "/admin/settings", general);
      expect(second.entries).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/settings#general"),
          operation: "changed",
          subjectId: "contactPhone",
          changes: { value: [shown.contactPhone, "+233 30 000 1111"] },
        }),
      ]);
      // The same form again: nothing changed, nothing recorded.
      expect((await change(settingsAction, "/admin/settings", general)).entries).toEqual([]);

      // The Taxes tab (one settings row of its own) saved the first time: its fields that changed.
      const taxes = await change(
        settingsAction,
        "/admin/settings",
        new URLSearchParams({ intent: "taxes", "lines[0].name": "VAT", "lines[0].rate": "15", zeroRateExports: "on" }),
        manager,
      );
      expect(taxes.answer.body).toMatchObject({ ok: true, intent: "taxes" });
      expect(taxes.entries).toEqual([
        expect.objectContaining({
          ...whoFields(manager, "admin/settings#taxes"),
          operation: "changed",
          subjectId: "taxes",
          changes: { lines: [[], [{ name: "VAT", basisPoints: 1_500 }]] },
        }),
      ]);
    });

    it("exchange rates (Settings → Currencies)", async () => {
      const first = await change(
        settingsAction,
        "/admin/settings",
        new URLSearchParams({ intent: "currencies", USD: "0.0925", GBP: "0.0714" }),
      );
      expect(first.answer.body).toMatchObject({ ok: true, intent: "currencies" });
      const { entries } = await change(
        settingsAction,
        "/admin/settings",
        new URLSearchParams({ intent: "currencies", USD: "0.0931", GBP: "0.0714" }),
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        ...whoFields(owner, "admin/settings#currencies"),
        area: "settings",
        kind: "setting",
        operation: "changed",
        subjectId: "exchangeRates",
      });
      const [before, after] = entries[0]!.changes.rates as [Record<string, { rate: number }>, Record<string, { rate: number }>];
      expect([before.USD!.rate, after.USD!.rate]).toEqual([0.0925, 0.0931]);
      expect(after.GBP).toEqual(before.GBP);
    });

    it("a staff member's role changed, then suspended", async () => {
      const member = await createUser(db(), { name: "Yaw Darko", email: "yaw.darko@activity-log.test" });
      await setUserRole(db(), member.id, "staff");
      const promoted = await change(
        settingsAction,
        "/admin/settings",
        new URLSearchParams({ intent: "change-role", userId: member.id, role: "manager" }),
      );
      expect(promoted.answer.body).toMatchObject({ ok: true });
      expect(promoted.entries).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/settings#change-role"),
          area: "staff",
          kind: "staff member",
          operation: "changed",
          subjectId: member.id,
          subjectLabel: "yaw.darko@activity-log.test",
          changes: { role: ["staff", "manager"] },
        }),
      ]);
      const suspended = await change(
        settingsAction,
        "/admin/settings",
        new URLSearchParams({ intent: "suspend-staff", userId: member.id }),
      );
      expect(suspended.entries).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/settings#suspend-staff"),
          kind: "staff member",
          subjectId: member.id,
          changes: { suspended_at: [null, expect.any(String)] },
        }),
      ]);
    });

    it("a shipping zone edited", async () => {
      const [zone] = await db().select().from(shippingZones).where(eq(shippingZones.name, "Rest of Ghana"));
      const body = formOf({
        intent: "update",
        id: String(zone!.id),
        name: "Rest of Ghana",
        areas: zone!.areas,
        fee: "55",
        freeShippingThreshold: "500",
        deliveryMinDays: "2",
        deliveryMaxDays: "4",
        payOnDelivery: true,
      });
      const { answer, entries } = await change(shippingAction, "/admin/shipping", body, manager);
      expect(answer.body).toMatchObject({ ok: true });
      expect(entries).toEqual([
        expect.objectContaining({
          ...whoFields(manager, "admin/shipping#update"),
          area: "shipping",
          kind: "shipping zone",
          operation: "changed",
          subjectId: String(zone!.id),
          subjectLabel: "Rest of Ghana",
          changes: { fee: [Number(zone!.fee), 5_500] },
        }),
      ]);
    });
  });

  describe("only the admin's changes", () => {
    it("a storefront checkout (an order placed, stock taken) records nothing", async () => {
      const product = await createProduct(db(), { name: "Kente Stole", stock: 4 });
      const body = new URLSearchParams({
        email: "ama.shopper@example.com",
        name: "Ama Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road, Accra",
        region: "GH-AA",
        paymentMethod: "pay_on_delivery",
        items: JSON.stringify([{ productId: product.id, colorIndex: null, size: "M", quantity: 1 }]),
        idempotencyKey: crypto.randomUUID(),
      });
      const since = await lastActivityId(db());
      const answer = await inActivityScope(() =>
        routeAnswer(checkoutAction as Action, {
          request: samePost("/checkout", body.toString()),
          context: testLoadContext(database, { clientIp: "10.20.30.40" }),
        }),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((await variantOf(db(), product.id, "M")).stock).toBe(3);
      expect(await entriesSince(db(), since)).toEqual([]);
    });
  });

  describe("a failed change leaves no entry", () => {
    it("a product edit refused for a SKU another product has, after its own row was written", async () => {
      const product = await createProduct(db(), { name: "Fugu Smock", price: 45_000, sizes: ["M"] });
      const other = await createProduct(db(), { name: "Batakari", sizes: ["M"] });
      const takenSku = (await variantOf(db(), other.id, "M")).sku;
      const body = await productForm(product.id, (values) => {
        values.name = "Fugu Smock (indigo)";
        values.price = "480.00";
        values.variants[0]!.sku = takenSku;
      });
      const { answer, entries } = await change(productsAction, "/admin/products", body);
      expect(answer.status).toBe(409);
      expect(entries).toEqual([]);
      const [kept] = await db().select({ name: products.name, price: products.price }).from(products).where(eq(products.id, product.id));
      expect(kept).toEqual({ name: "Fugu Smock", price: 45_000 });
    });

    it("a refund above what was paid", async () => {
      const { order } = await paidOnlineOrder(10_000);
      const { answer, entries } = await change(
        ordersAction,
        "/admin/orders",
        new URLSearchParams({ intent: "refund", orderId: order.id, refundId: crypto.randomUUID(), amount: "100.01", reason: "Too much" }),
      );
      expect(answer).toMatchObject({ status: 409, body: { ok: false, kind: "refund" } });
      expect(entries).toEqual([]);
    });

    it("a stock import with a bad row", async () => {
      const product = await createProduct(db(), { name: "Agbada", sizes: ["L"], stock: 3 });
      const sku = (await variantOf(db(), product.id, "L")).sku;
      const { answer, entries } = await change(
        productsAction,
        "/admin/products",
        stockCsv([
          [sku, 9],
          ["NO-SUCH-SKU", 1],
        ]),
        staff,
      );
      expect(answer.status).toBe(400);
      expect(entries).toEqual([]);
      expect((await variantOf(db(), product.id, "L")).stock).toBe(3);
    });

    it("a discount code whose code is taken", async () => {
      const form = () => new URLSearchParams({ intent: "create", code: "WOEZOR", kind: "fixed", amount: "50", scope: "order" });
      expect((await change(discountsAction, "/admin/discounts", form())).entries).toHaveLength(1);
      const again = await change(discountsAction, "/admin/discounts", form());
      expect(again.answer.status).toBe(409);
      expect(again.entries).toEqual([]);
    });

    it("a staff change refused for a sign-in older than 15 minutes ('Confirm it's you')", async () => {
      const member = await createUser(db(), { email: "kojo.staff@activity-log.test" });
      await setUserRole(db(), member.id, "staff");
      // The owner's sign-in, 20 minutes old and never confirmed since.
      const fresh = signedInAs(owner);
      const stale = {
        ...fresh,
        api: {
          getSession: async (options?: { returnHeaders?: boolean }) => {
            const found = (await fresh.api.getSession(options as never)) as unknown as { response?: { session: { createdAt: Date } } };
            const session = (found.response ?? found) as { session: { createdAt: Date } };
            session.session.createdAt = new Date(Date.now() - 20 * 60_000);
            return found;
          },
        },
      } as unknown as AppLoadContext["auth"];
      const since = await lastActivityId(db());
      const answer = await inActivityScope(() =>
        routeAnswer(settingsAction as Action, {
          request: samePostWithCookie("/admin/settings", new URLSearchParams({ intent: "suspend-staff", userId: member.id })),
          context: testLoadContext(database, { config, clientIp: owner.ip, auth: stale }),
        }),
      );
      expect(answer).toMatchObject({ status: 403, body: { ok: false, message: expect.stringContaining("Confirm it's you") } });
      expect(await entriesSince(db(), since)).toEqual([]);
    });

    it("a transaction that rolls back after its write leaves none; the same one committed leaves one", async () => {
      const product = await createProduct(db(), { name: "Kufi Cap", price: 8_000 });
      const reprice = (price: number, fail: boolean) =>
        entriesOf(db(), async () => {
          nameActivityActor({ id: owner.id, name: owner.name, role: owner.role, ip: owner.ip, action: "admin/products#update" });
          await db()
            .transaction(async (tx) => {
              await tx.update(products).set({ price }).where(eq(products.id, product.id));
              if (fail) throw new Error("refused after the write");
            })
            .catch((error: unknown) => {
              if (!fail) throw error;
            });
        });
      expect((await reprice(9_000, true)).entries).toEqual([]);
      expect((await reprice(9_500, false)).entries).toMatchObject([
        { kind: "product", subjectId: String(product.id), changes: { price: [8_000, 9_500] } },
      ]);
    });
  });

  describe("secrets are never stored", () => {
    it("a staff invitation's token hash reads 'hidden'", async () => {
      const { answer, entries } = await change(
        settingsAction,
        "/admin/settings",
        new URLSearchParams({ intent: "invite-staff", email: "abena.new@activity-log.test", role: "staff" }),
      );
      expect(answer.body).toMatchObject({ ok: true });
      const [stored] = await db()
        .select({ tokenHash: staffInvitations.tokenHash })
        .from(staffInvitations)
        .where(eq(staffInvitations.email, "abena.new@activity-log.test"));
      expect(entries).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/settings#invite-staff"),
          area: "staff",
          kind: "invitation",
          operation: "created",
          subjectLabel: "abena.new@activity-log.test",
          changes: expect.objectContaining({ token_hash: "hidden", role: [null, "staff"], email: [null, "abena.new@activity-log.test"] }),
        }),
      ]);
      expect(JSON.stringify(entries)).not.toContain(stored!.tokenHash);
    });

    it("a payment link's token hash reads 'hidden'", async () => {
      const order = await createOrder(db());
      const { entries } = await change(
        ordersAction,
        "/admin/orders",
        new URLSearchParams({ intent: "send-link", orderId: order.id }),
        staff,
      );
      const [link] = await db().select({ tokenHash: paymentLinks.tokenHash }).from(paymentLinks).where(eq(paymentLinks.orderId, order.id));
      expect(entries.find((e) => e.kind === "payment link")).toMatchObject({
        operation: "created",
        orderId: order.id,
        changes: expect.objectContaining({ token_hash: "hidden" }),
      });
      expect(JSON.stringify(entries)).not.toContain(link!.tokenHash);
    });

    it("the authenticator app's secret and recovery codes read 'hidden', set up through better-auth", async () => {
      // A real sign-in: better-auth's two-factor plugin needs its own session.
      const auth = createTestAuth(db());
      const email = "kofi.app@activity-log.test";
      await createOrPromoteAdmin(auth, db(), { email, password: "kente-pass-1" });
      const headers = new Headers({ origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.48.0.1" });
      const signedIn = await signIn(auth, headers, { email, password: "kente-pass-1" });
      if (!signedIn.ok) throw new Error(signedIn.message.title);
      const cookie = signedIn.headers
        .getSetCookie()
        .find((l) => l.startsWith("ahenfie.session_token="))!
        .split(";")[0]!;
      const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      const since = await lastActivityId(db());
      const answer = await inActivityScope(() =>
        routeAnswer(securityAction as Action, {
          request: new Request(`${TEST_ORIGIN}/admin/security`, {
            method: "POST",
            headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "start-setup", password: "kente-pass-1" }),
          }),
          context: testLoadContext(database, { auth, clientIp: "198.51.100.77" }),
        }),
      );
      const shown = (answer.body as { setup: { key: string; recoveryCodes: string[] } }).setup;
      const entries = await entriesSince(db(), since);
      expect(entries).toEqual([
        expect.objectContaining({
          actorId: user!.id,
          actorRole: "owner",
          ip: "198.51.100.77",
          action: "admin/security#start-setup",
          area: "staff",
          kind: "two-step sign-in",
          operation: "created",
          subjectId: user!.id,
          subjectLabel: email,
          changes: { secret: "hidden", backup_codes: "hidden", verified: [null, false] },
        }),
      ]);
      const [row] = await db().select().from(twoFactors).where(eq(twoFactors.userId, user!.id));
      const written = JSON.stringify(entries);
      for (const secret of [row!.secret, row!.backupCodes, shown.key.replaceAll(" ", ""), ...shown.recoveryCodes])
        expect(written).not.toContain(secret);
    });

    it("the database's trigger hides them too, when an admin's transaction writes the row", async () => {
      const user = await createUser(db(), { email: "ama.trigger@activity-log.test" });
      const { entries } = await entriesOf(db(), async () => {
        nameActivityActor({ id: owner.id, name: owner.name, role: owner.role, ip: owner.ip, action: "admin/security#start-setup" });
        await db().transaction((tx) =>
          tx
            .insert(twoFactors)
            .values({ id: crypto.randomUUID(), userId: user.id, secret: "JBSWY3DPEHPK3PXP-secret", backupCodes: "code-one,code-two" }),
        );
      });
      expect(entries).toMatchObject([
        { kind: "two-step sign-in", operation: "created", subjectId: user.id, changes: { secret: "hidden", backup_codes: "hidden" } },
      ]);
      expect(JSON.stringify(entries)).not.toMatch(/JBSWY3DPEHPK3PXP|code-one/);
    });
  });

  describe("changes made at the same moment", () => {
    it("10 stock changes of one variant by two members at once: 10 entries, each from what the one before left", async () => {
      const product = await createProduct(db(), { name: "Kente Bow Tie", sizes: ["M"], stock: 8 });
      const variant = await variantOf(db(), product.id, "M");
      const ownerCounts = [11, 12, 13, 14, 15];
      const staffCounts = [21, 22, 23, 24, 25];
      const since = await lastActivityId(db());
      const dialog = async (count: number) => {
        // Each post is what the owner's dialog sends: a new count over the figure it showed.
        const body = await productForm(product.id, (values) => {
          values.variants[0]!.stock = String(count);
          values.variants[0]!.stockSeen = "8";
        });
        return post(productsAction, "/admin/products", body, owner);
      };
      const answers = await Promise.all([
        ...ownerCounts.map(dialog),
        ...staffCounts.map((count) => post(productsAction, "/admin/products", stockCsv([[variant.sku, count]]), staff)),
      ]);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const entries = await entriesSince(db(), since);
      expect(entries).toHaveLength(10);
      expect(
        entries.every((e) => e.kind === "variant" && e.subjectId === String(variant.id) && Object.keys(e.changes).join() === "stock"),
      ).toBe(true);
      // The chain: 8 → … → the stock the variant has now, each entry starting where the one before ended.
      expect(stockOf(entries[0]!)[0]).toBe(8);
      for (let i = 1; i < entries.length; i++) expect(stockOf(entries[i]!)[0]).toBe(stockOf(entries[i - 1]!)[1]);
      expect(stockOf(entries.at(-1)!)[1]).toBe((await variantOf(db(), product.id, "M")).stock);
      expect(entries.map((e) => stockOf(e)[1]).sort((a, b) => a - b)).toEqual([...ownerCounts, ...staffCounts]);
      // Each entry is the member's who made that change.
      for (const entry of entries) {
        const byOwner = ownerCounts.includes(stockOf(entry)[1]);
        expect(entry).toMatchObject(byOwner ? whoFields(owner, "admin/products#update") : whoFields(staff, "admin/products#import-stock"));
      }
    });

    it("price changes of different products at once by two members: each product its own entry, each the right member's", async () => {
      const pieces = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) => createProduct(db(), { name: `Batik Shirt ${n}`, price: 10_000 * n, sizes: ["M"] })),
      );
      const since = await lastActivityId(db());
      const who = (index: number) => (index % 2 === 0 ? owner : manager);
      const answers = await Promise.all(
        pieces.map(async (piece, index) =>
          post(
            productsAction,
            "/admin/products",
            await productForm(piece.id, (values) => {
              values.price = String(100 * (index + 1) + 1);
            }),
            who(index),
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const entries = await entriesSince(db(), since);
      expect(entries).toHaveLength(6);
      pieces.forEach((piece, index) => {
        expect(entries.filter((e) => e.productId === piece.id)).toEqual([
          expect.objectContaining({
            ...whoFields(who(index), "admin/products#update"),
            kind: "product",
            subjectId: String(piece.id),
            changes: { price: [10_000 * (index + 1), (100 * (index + 1) + 1) * 100] },
          }),
        ]);
      });
    });
  });

  describe("through the server", () => {
    it("a real POST through server/http.ts records its change as the member's, from the address the proxy gave", async () => {
      const app = createHttpApp({
        services: {
          database,
          config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://shop.test", LOG_LEVEL: "silent", TRUST_PROXY: "1" }),
          log: createLogger("silent"),
          startedAt: new Date(),
          email: { nudge() {}, transport: "test" },
          pageCache: new PageCache(() => "default-src 'self'"),
          auth: signedInAs(owner),
          databaseAvailability: new DatabaseAvailability({ probe: () => Promise.resolve(), log: silentLog }),
        },
        logger: createLogger("silent"),
        // The real Shipping page's action, in a build of its own.
        build: smallServerBuild([
          { id: "root", path: "", module: { default: () => h("html", null, h("body", null, h(Outlet))) } },
          { id: "shipping", parentId: "root", path: "admin/shipping", module: { action: shippingAction as never } },
        ]),
        mode: "production",
      });
      const [zone] = await db().select().from(shippingZones).where(eq(shippingZones.name, "West Africa"));
      const body = formOf({
        intent: "update",
        id: String(zone!.id),
        name: "West Africa",
        areas: zone!.areas,
        fee: "260",
        deliveryMinDays: String(zone!.deliveryMinDays),
        deliveryMaxDays: String(zone!.deliveryMaxDays),
        payOnDelivery: zone!.payOnDelivery,
      });
      const since = await lastActivityId(db());
      const response = await app.request("http://shop.test/admin/shipping", {
        method: "POST",
        headers: {
          cookie: "ahenfie.session_token=member",
          origin: "http://shop.test",
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "41.66.201.17",
        },
        body: body.toString(),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await entriesSince(db(), since)).toEqual([
        expect.objectContaining({
          ...whoFields(owner, "admin/shipping#update"),
          ip: "41.66.201.17",
          kind: "shipping zone",
          subjectId: String(zone!.id),
          changes: { fee: [Number(zone!.fee), 26_000] },
        }),
      ]);
      // The same action called without the server's scope cannot name who acts: it changes the zone, and records nothing.
      body.set("fee", "270");
      const unscoped = await routeAnswer(shippingAction as Action, {
        request: samePostWithCookie("/admin/shipping", body),
        context: contextOf(owner),
      });
      expect(unscoped.body).toMatchObject({ ok: true });
      expect(await entriesSince(db(), since)).toHaveLength(1);
    });
  });

  function samePostWithCookie(path: string, body: URLSearchParams) {
    const request = samePost(path, body);
    request.headers.set("cookie", "ahenfie.session_token=member");
    return request;
  }

  /** An order paid by card through the Paystack stand-in (as the refunds tests pay one). */
  async function paidOnlineOrder(total: number) {
    const order = await createOrder(db(), {
      totalAmount: total,
      paymentMethod: "card",
      customerEmail: `ama${crypto.randomInt(1e6)}@example.com`,
    });
    const attempt = await createPaymentAttempt(db(), { orderId: order.id, amount: total, currency: "GHS", channel: "card" });
    const paystack = { secretKey: SECRET_KEY, apiUrl: standIn.url, timeoutMs: 2_000 };
    await initializeTransaction(paystack, {
      email: order.customerEmail,
      amount: total,
      currency: "GHS",
      reference: attempt.reference,
      callbackUrl: `${TEST_ORIGIN}/order-confirmation/${order.id}`,
      channels: ["card"],
    });
    standIn.approve(attempt.reference, { channel: "card" });
    expect(
      await applyVerifiedTransaction(db(), attempt.reference, await verifyTransaction(paystack, attempt.reference), {
        origin: TEST_ORIGIN,
        storeName: "Ahenfie",
      }),
    ).toBe("paid");
    return { order, attempt };
  }
});
