import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action as addressAction, loader as addressLoader } from "~/routes/api/account-addresses";
import { action as orderAgainRoute } from "~/routes/api/account-order-again";
import { loader as ordersPageLoader } from "~/routes/storefront/account-orders";
import { loader as addressesPageLoader } from "~/routes/storefront/account-addresses";
import { action as checkoutAction } from "~/routes/api/checkout";
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_BOOK_LIMIT,
  ADDRESS_NOT_FOUND,
  deliveryAddressText,
  type SavedAddress,
} from "~/modules/customers/address-book";
import { addressSchema } from "~/modules/customers/address-book.schema";
import { checkoutSchema, CHOOSE_REGION } from "~/modules/orders/checkout.schema";
import { listOrderHistory } from "~/modules/orders/order-history.server";
import { ORDER_NOT_FOUND } from "~/modules/orders/order-again-action.server";
import type { OrderAgainAnswer } from "~/modules/orders/order-again-action.server";
import type { AddressBookAnswer } from "~/modules/customers/address-book-action.server";
import { customerAddresses } from "~db/schema/customers";
import { products } from "~db/schema/catalog";
import { orders } from "~db/schema/orders";
import { createCategory, createProduct } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { signedInAs, testLoadContext, TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

const COOKIE = "ahenfie.session_token=test";

type Customer = { id: string; email: string; context: AppLoadContext };

const ama = {
  name: "Ama Mensah",
  phone: "+233 24 000 1111",
  country: "GH",
  region: "GH-AA",
  addressLines: "14 Oxford Street, Osu",
  city: "Accra",
};
const efua = {
  label: "Auntie Efua",
  name: "Efua Owusu",
  phone: "+44 7700 900123",
  country: "GB",
  addressLines: "22 Peckham High Street",
  city: "London",
  postcode: "SE15 5DT",
};

describeWithDatabase("customer accounts: address book, order history, order again", (database) => {
  let kofi: Customer;
  let yaa: Customer;

  async function customer(name: string): Promise<Customer> {
    const user = await createUser(database.db, { name });
    return { id: user.id, email: user.email, context: testLoadContext(database, { auth: signedInAs(user) }) };
  }

  beforeAll(async () => {
    kofi = await customer("Kofi");
    yaa = await customer("Yaa");
  });

  const post = async (who: Customer | null, fields: Record<string, string>) => {
    const request = samePost("/api/account/addresses", new URLSearchParams(fields));
    if (who) request.headers.set("cookie", COOKIE);
    const answer = await routeAnswer(addressAction, { request, context: who?.context ?? testLoadContext(database) });
    return { status: answer.status, body: answer.body as AddressBookAnswer };
  };
  const list = async (who: Customer) => {
    const answer = await routeAnswer(addressLoader, {
      request: new Request(`${TEST_ORIGIN}/api/account/addresses`, { headers: { cookie: COOKIE } }),
      context: who.context,
    });
    return (answer.body as { addresses: SavedAddress[] }).addresses;
  };
  const defaults = async (who: Customer) => (await list(who)).filter((a) => a.isDefault).map((a) => a.name);

  describe("the address book", () => {
    it("refuses what checkout would refuse, with its messages, and saves nothing", async () => {
      const blank = await post(kofi, { intent: "add", ...ama, name: "", phone: "12", region: "" });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({
        ok: false,
        message: "Please check the highlighted fields.",
        fieldErrors: { name: "Full name is required", phone: "Please enter a valid phone number", region: CHOOSE_REGION },
      });
      const badPostcode = await post(kofi, { intent: "add", ...efua, postcode: "!!" });
      expect(badPostcode.body).toMatchObject({ ok: false, fieldErrors: { postcode: "Please enter a valid postcode" } });
      const noAddress = await post(kofi, { intent: "add", ...ama, addressLines: "   " });
      expect(noAddress.body).toMatchObject({ ok: false, fieldErrors: { addressLines: "Address is required" } });
      const unknownCountry = await post(kofi, { intent: "add", ...ama, country: "XX" });
      expect(unknownCountry.body).toMatchObject({ ok: false, fieldErrors: { country: "Please choose a country from the list" } });
      expect(await list(kofi)).toEqual([]);
    });

    it("a saved address is always a destination checkout takes (its text passes checkout's own schema)", () => {
      for (const raw of [ama, efua, { ...efua, city: "", postcode: "", addressLines: "x".repeat(400) }]) {
        const address = addressSchema.parse(raw);
        const placed = checkoutSchema.safeParse({
          email: "kofi@example.com",
          name: address.name,
          phone: address.phone,
          address: deliveryAddressText(address),
          country: address.country,
          region: address.region ?? undefined,
          items: [{ productId: 1, size: "M", quantity: 1 }],
          idempotencyKey: crypto.randomUUID(),
        });
        expect(placed.success, JSON.stringify(raw)).toBe(true);
      }
      // Ghana keeps its region and has no postcode; abroad the region is dropped.
      expect(addressSchema.parse({ ...ama, postcode: "GA1" })).toMatchObject({ region: "GH-AA", postcode: null });
      expect(addressSchema.parse({ ...efua, region: "GH-AA" })).toMatchObject({ region: null, postcode: "SE15 5DT" });
    });

    it("adds, edits and removes; exactly one default: the first is it, a new default unsets the old, removing it makes the newest left the default", async () => {
      const first = await post(kofi, { intent: "add", ...ama });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ ok: true, message: "Ama Mensah was added to your address book." });
      expect(await defaults(kofi)).toEqual(["Ama Mensah"]);

      await post(kofi, { intent: "add", ...efua });
      expect(await defaults(kofi)).toEqual(["Ama Mensah"]);
      const third = await post(kofi, { intent: "add", ...ama, name: "Kojo Mensah", makeDefault: "on" });
      expect(third.body).toMatchObject({ ok: true });
      expect(await defaults(kofi)).toEqual(["Kojo Mensah"]);
      // The default comes first, then the newest.
      expect((await list(kofi)).map((a) => a.name)).toEqual(["Kojo Mensah", "Efua Owusu", "Ama Mensah"]);

      const efuaId = (await list(kofi)).find((a) => a.name === "Efua Owusu")!.id;
      const edited = await post(kofi, {
        intent: "edit",
        id: efuaId,
        ...efua,
        phone: "+44 7700 900999",
        city: "Manchester",
        postcode: "M1 1AE",
      });
      expect(edited.body).toMatchObject({ ok: true, message: "Auntie Efua was saved." });
      expect((await list(kofi)).find((a) => a.id === efuaId)).toMatchObject({
        phone: "+44 7700 900999",
        city: "Manchester",
        isDefault: false,
      });

      await post(kofi, { intent: "default", id: efuaId });
      expect(await defaults(kofi)).toEqual(["Efua Owusu"]);

      // Removing the default: the newest address left (Kojo) becomes it.
      const removed = await post(kofi, { intent: "remove", id: efuaId });
      expect(removed.body).toMatchObject({ ok: true, message: "The address was removed." });
      expect((await list(kofi)).map((a) => [a.name, a.isDefault])).toEqual([
        ["Kojo Mensah", true],
        ["Ama Mensah", false],
      ]);
      // A removed address is gone: editing it again is not found.
      expect((await post(kofi, { intent: "edit", id: efuaId, ...efua })).status).toBe(404);
    });

    it(`keeps at most ${ADDRESS_BOOK_LIMIT} addresses, with a clear message, even when adds race`, async () => {
      const esi = await customer("Esi");
      for (let i = 0; i < ADDRESS_BOOK_LIMIT - 3; i++)
        expect((await post(esi, { intent: "add", ...ama, name: `Relative ${i}` })).status).toBe(200);
      const racing = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(esi, { intent: "add", ...efua, name: `Cousin ${i}`, makeDefault: "on" })),
      );
      expect(racing.filter((r) => r.status === 200)).toHaveLength(3);
      const refused = racing.filter((r) => r.status === 409);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.body).toEqual({ ok: false, message: ADDRESS_BOOK_FULL });
      expect(ADDRESS_BOOK_FULL).toContain(`up to ${ADDRESS_BOOK_LIMIT} addresses`);
      expect(await list(esi)).toHaveLength(ADDRESS_BOOK_LIMIT);
      expect(await defaults(esi)).toHaveLength(1);
    });

    it("another customer's address is never reachable: edit, remove and make default are 404, and lists are one's own", async () => {
      await post(yaa, { intent: "add", ...efua, name: "Yaa's Aunt" });
      const yaas = await list(yaa);
      const id = yaas[0]!.id;
      for (const fields of [
        { intent: "edit", id, ...ama },
        { intent: "remove", id },
        { intent: "default", id },
        { intent: "remove", id: "not-a-uuid" },
      ]) {
        const answer = await post(kofi, fields);
        expect(answer.status, fields.intent).toBe(404);
        expect(answer.body).toEqual({ ok: false, message: ADDRESS_NOT_FOUND });
      }
      expect(await list(yaa)).toEqual(yaas);
      expect((await list(kofi)).some((a) => a.id === id)).toBe(false);
    });

    it("is guarded like every account write: a guest is sent to sign in, another site's post is refused, and the page is private", async () => {
      const guest = await post(null, { intent: "add", ...ama });
      expect(guest.status).toBe(302);
      const foreign = new Request(`${TEST_ORIGIN}/api/account/addresses`, {
        method: "POST",
        headers: { origin: "https://evil.example", cookie: COOKIE, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", ...ama }),
      });
      expect((await routeAnswer(addressAction, { request: foreign, context: kofi.context })).status).toBe(403);
      const get = await routeAnswer(addressAction, {
        request: new Request(`${TEST_ORIGIN}/api/account/addresses`, { headers: { cookie: COOKIE } }),
        context: kofi.context,
      });
      expect(get.status).toBe(405);
      const page = await routeAnswer(addressesPageLoader, {
        request: new Request(`${TEST_ORIGIN}/account/addresses`),
        context: testLoadContext(database),
      });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/auth?redirectTo=%2Faccount%2Faddresses");
    });
  });

  describe("the order history", () => {
    it("pages the customer's own orders ten at a time, newest first, with item counts; a page past the end is empty", async () => {
      const abena = await customer("Abena");
      const start = Date.parse("2026-01-01T10:00:00Z");
      for (let i = 0; i < 23; i++)
        await createOrder(database.db, {
          userId: abena.id,
          orderNumber: `ORD-7${String(i).padStart(5, "0")}`,
          createdAt: new Date(start + i * 3_600_000),
          items: [{ quantity: 2 }, { quantity: i % 3 }].filter((item) => item.quantity > 0),
        });
      await createOrder(database.db, { userId: yaa.id, orderNumber: "ORD-799999", createdAt: new Date(start + 99 * 3_600_000) });

      const first = await listOrderHistory(database.db, abena.id, 1);
      expect(first).toMatchObject({ page: 1, pageCount: 3, total: 23 });
      expect(first.orders.map((o) => o.orderNumber)).toEqual(
        Array.from({ length: 10 }, (_, i) => `ORD-7${String(22 - i).padStart(5, "0")}`),
      );
      expect(first.orders[0]).toMatchObject({ itemCount: 2 + (22 % 3), orderStatus: "processing", currency: "GHS" });
      const last = await listOrderHistory(database.db, abena.id, 3);
      expect(last.orders.map((o) => o.orderNumber)).toEqual(["ORD-700002", "ORD-700001", "ORD-700000"]);
      expect(await listOrderHistory(database.db, abena.id, 4)).toEqual({ orders: [], page: 4, pageCount: 3, total: 23 });

      // Through the page: signed in as Abena, never Yaa's order; a guest is sent to sign in.
      const page2 = await routeAnswer(ordersPageLoader, {
        request: new Request(`${TEST_ORIGIN}/account/orders?page=2`, { headers: { cookie: COOKIE } }),
        context: abena.context,
      });
      const history = (page2.body as { history: { orders: { orderNumber: string }[] } }).history;
      expect(history.orders.map((o) => o.orderNumber)).toHaveLength(10);
      expect(history.orders.map((o) => o.orderNumber)).not.toContain("ORD-799999");
      const guest = await routeAnswer(ordersPageLoader, {
        request: new Request(`${TEST_ORIGIN}/account/orders`),
        context: testLoadContext(database),
      });
      expect(guest.status).toBe(302);
    });
  });

  describe("order again", () => {
    let kaftan: { id: number };
    let gone: { id: number };

    beforeAll(async () => {
      const category = await createCategory(database.db, "kaftans-again");
      kaftan = await createProduct(database.db, {
        name: "Royal Kente Kaftan",
        price: 29_999,
        categoryId: category.id,
        colors: [
          { name: "Royal Gold", hex: "#c9a227", imageUrl: "/images/royal-gold" },
          { name: "Forest", hex: "#1f4d3a" },
        ],
        variantStock: { "Royal Gold|XL": 0, "Forest|M": 1 },
      });
      gone = await createProduct(database.db, { name: "Retired Agbada", categoryId: category.id });
    });

    const again = async (who: Customer, orderId: string) => {
      const request = samePost(`/api/account/orders/${orderId}/order-again`, new URLSearchParams());
      request.headers.set("cookie", COOKIE);
      const answer = await routeAnswer(orderAgainRoute, { request, context: who.context, params: { orderId } });
      return { status: answer.status, body: answer.body as OrderAgainAnswer };
    };

    it("puts the lines back at today's prices and stock, and names each piece left out and why", async () => {
      const order = await createOrder(database.db, {
        userId: kofi.id,
        items: [
          { productId: kaftan.id, name: "Royal Kente Kaftan", unitPrice: 25_000, quantity: 2, size: "L", color: "Royal Gold" },
          { productId: kaftan.id, name: "Royal Kente Kaftan", unitPrice: 29_999, quantity: 1, size: "XL", color: "Royal Gold" },
          { productId: kaftan.id, name: "Royal Kente Kaftan", unitPrice: 29_999, quantity: 3, size: "M", color: "Forest" },
          { productId: gone.id, name: "Retired Agbada", unitPrice: 45_000, quantity: 1, size: "M" },
          { productId: null, name: "Deleted Smock", unitPrice: 10_000, quantity: 1, size: "S" },
        ],
      });
      // Today: the Agbada is no longer sold, and the kaftan's M size is dropped in a later test.
      await database.db.update(products).set({ isActive: false }).where(eq(products.id, gone.id));

      const answer = await again(kofi, order.id);
      expect(answer.status).toBe(200);
      if (!answer.body.ok) throw new Error(answer.body.message);
      expect(answer.body.lines.map((l) => [l.name, l.color, l.colorIndex, l.size, l.price, l.quantity, l.maxQuantity])).toEqual([
        ["Royal Kente Kaftan", "Royal Gold", 0, "L", 29_999, 2, 10],
        ["Royal Kente Kaftan", "Forest", 1, "M", 29_999, 1, 1],
      ]);
      expect(answer.body.lines[0]!.image).toBe("/images/royal-gold");
      expect(answer.body.changes).toEqual([
        "Royal Kente Kaftan (Royal Gold, L) is ₵299.99 today (it was ₵250.00).",
        "Only 1 of Royal Kente Kaftan (Forest, M) left: 1 added instead of 3.",
      ]);
      expect(answer.body.leftOut).toEqual([
        "Royal Kente Kaftan (Royal Gold, XL) is sold out.",
        "Retired Agbada (M) is no longer in the shop.",
        "Deleted Smock (S) is no longer in the shop.",
      ]);
    });

    it("leaves out a size no longer made and a colour gone; brings a made-to-measure line back with its measurements", async () => {
      const measurements = {
        unit: "cm",
        values: {
          chest: 102,
          waist: 88,
          hips: 100,
          shoulder: 46,
          sleeve: 64,
          topLength: 78,
          trouserLength: 104,
          inseam: 80,
          neck: 40,
          height: 178,
        },
      };
      await database.db
        .update(products)
        .set({ sizes: ["S", "L", "XL"], madeToMeasure: true, madeToMeasureSurcharge: 15_000, madeToMeasureDays: 12 })
        .where(eq(products.id, kaftan.id));
      const order = await createOrder(database.db, {
        userId: kofi.id,
        items: [
          { productId: kaftan.id, name: "Royal Kente Kaftan", quantity: 1, size: "M", color: "Forest" },
          { productId: kaftan.id, name: "Royal Kente Kaftan", quantity: 1, size: "L", color: "Indigo" },
          {
            productId: kaftan.id,
            name: "Royal Kente Kaftan",
            quantity: 1,
            color: "Forest",
            kind: "made_to_measure",
            madeToMeasureDays: 15,
          },
        ],
      });
      await database.db.execute(
        sql`update order_items set measurements = ${JSON.stringify(measurements)}::jsonb, made_to_measure_surcharge = 10000 where order_id = ${order.id} and kind = 'made_to_measure'`,
      );
      const answer = await again(kofi, order.id);
      if (!answer.body.ok) throw new Error(answer.body.message);
      expect(answer.body.leftOut).toEqual([
        "Royal Kente Kaftan (Forest, M): size M is no longer made.",
        "Royal Kente Kaftan (Indigo, L) is no longer made in Indigo.",
      ]);
      expect(answer.body.lines).toHaveLength(1);
      expect(answer.body.lines[0]).toMatchObject({
        size: null,
        color: "Forest",
        price: 29_999 + 15_000,
        madeToMeasure: { measurements, surcharge: 15_000, days: 12 },
      });
    });

    it("another customer's order, or none, is 404; a guest is sent to sign in", async () => {
      const yaasOrder = await createOrder(database.db, {
        userId: yaa.id,
        items: [{ productId: kaftan.id, size: "L", color: "Royal Gold" }],
      });
      for (const id of [yaasOrder.id, crypto.randomUUID(), "ORD-123456"]) {
        const answer = await again(kofi, id);
        expect(answer.status, id).toBe(404);
        expect(answer.body).toEqual({ ok: false, message: ORDER_NOT_FOUND });
      }
      const guest = await routeAnswer(orderAgainRoute, {
        request: samePost(`/api/account/orders/${yaasOrder.id}/order-again`, new URLSearchParams()),
        context: testLoadContext(database),
        params: { orderId: yaasOrder.id },
      });
      expect(guest.status).toBe(302);
      expect((await again(yaa, yaasOrder.id)).status).toBe(200);
    });
  });

  describe("checkout's Save this address to my account", () => {
    const checkoutForm = (key: string, extra: Record<string, string> = {}) =>
      new URLSearchParams({
        email: "kofi@example.com",
        name: "Nana Ama",
        phone: "+233 20 123 4567",
        address: "3 Asafo Market Road\nKumasi",
        country: "GH",
        region: "GH-AH",
        items: JSON.stringify([{ productId: kaftanId, colorIndex: 0, size: "S", quantity: 1 }]),
        idempotencyKey: `accounts-save-${key}`,
        ...extra,
      });
    let kaftanId: number;
    beforeAll(async () => {
      const category = await createCategory(database.db, "kaftans-save");
      kaftanId = (
        await createProduct(database.db, { name: "Save Kaftan", categoryId: category.id, colors: [{ name: "Gold", hex: "#c9a227" }] })
      ).id;
    });
    const place = async (who: Customer, form: URLSearchParams) => {
      const request = samePost("/api/checkout", form);
      request.headers.set("cookie", COOKIE);
      return routeAnswer(checkoutAction, { request, context: who.context });
    };

    it("saves the new address after the order, once (a retried Place Order finds it saved)", async () => {
      const kwesi = await customer("Kwesi");
      const placed = await place(kwesi, checkoutForm("once", { saveAddress: "on" }));
      expect(placed.body).toMatchObject({ ok: true, addressSaved: "saved" });
      const retried = await place(kwesi, checkoutForm("once", { saveAddress: "on" }));
      expect(retried.body).toMatchObject({ ok: true, addressSaved: "already-saved" });
      expect(await list(kwesi)).toEqual([
        expect.objectContaining({ name: "Nana Ama", addressLines: "3 Asafo Market Road\nKumasi", region: "GH-AH", isDefault: true }),
      ]);
      // Without the tick nothing is saved.
      const yaw = await customer("Yaw");
      expect((await place(yaw, checkoutForm("unticked"))).body).toMatchObject({ ok: true });
      expect(await list(yaw)).toEqual([]);
    });

    it("an order never fails because saving its address failed", async () => {
      const akos = await customer("Akos");
      await database.db.execute(sql`alter table customer_addresses rename to customer_addresses_away`);
      try {
        const placed = await place(akos, checkoutForm("failing", { saveAddress: "on" }));
        expect(placed.status).toBe(200);
        expect(placed.body).toMatchObject({ ok: true, addressSaved: "failed" });
      } finally {
        await database.db.execute(sql`alter table customer_addresses_away rename to customer_addresses`);
      }
      expect(await database.db.select().from(orders).where(eq(orders.userId, akos.id))).toHaveLength(1);
      expect(await database.db.select().from(customerAddresses).where(eq(customerAddresses.userId, akos.id))).toEqual([]);
    });
  });
});
