import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import type { OrderUpdateResult } from "~/components/admin/orders/order-update";
import { signIn, signUp } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { setUserRole } from "~/modules/auth/roles.server";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { OrderRefusedError, StockGoneError } from "~/modules/orders/order-errors";
import { changeOrderStatus, changeOrderStatusAsAdmin } from "~/modules/orders/order-status.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { queryRows } from "~db/client";
import { users } from "~db/schema/auth";
import { productVariants } from "~db/schema/catalog";
import { orders, orderStatusHistory } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createCategory, createProduct, stockOfVariant, variantOf } from "../factories/catalog";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Leaving "cancelled" takes the order's stock again with the rule placing an order follows
 * (docs/product-rules.md §4): never below zero, whatever runs at the same time, or refused by
 * the product's name and size when it has been sold meanwhile. Every order here buys size M.
 */
describeWithDatabase("reactivating a cancelled order", (database, driver) => {
  let categoryId: number;
  const sender = { origin: "https://shop.example", storeName: "Ahenfie" };

  beforeAll(async () => {
    categoryId = (await createCategory(database.db, "kaftans")).id;
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  /** Units left in size M, the size every order here buys. */
  const stockOf = (id: number) => stockOfVariant(database.db, id, "M");
  /** Staff set size M's stock (a restock, or a sale elsewhere). */
  const setStock = async (id: number, stock: number) =>
    database.db
      .update(productVariants)
      .set({ stock })
      .where(eq(productVariants.id, (await variantOf(database.db, id, "M")).id));
  const statusOf = async (id: string) => (await database.db.select({ s: orders.orderStatus }).from(orders).where(eq(orders.id, id)))[0]!.s;
  const historyOf = async (id: string) =>
    (await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(orderStatusHistory.id)).map(
      (h) => h.status,
    );

  /**
   * On PostgreSQL, runs `race` while another transaction holds the product's variant rows
   * locked (stock is taken per variant), and
   * lets go only once `waiting` statements are queued behind it: the racers then really
   * contend for the row, whatever the timing. (PGlite has one connection: it runs them in turn.)
   */
  async function contended<T>(productId: number, waiting: number, race: () => Promise<T>): Promise<T> {
    if (driver !== "postgres") return race();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction(async (tx) => {
      await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId)).for("update");
      locked();
      await released;
    });
    await isLocked;
    const racing = race();
    for (let tries = 0; ; tries++) {
      const rows = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(rows[0]!.n) >= waiting) break;
      if (tries > 200) throw new Error("the racers never queued behind the lock");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    await holder;
    return racing;
  }

  function order(items: { productId: number; quantity: number }[], email = "ama@example.com") {
    return placeOrder(
      database.db,
      checkoutSchema.parse({
        email,
        name: "Ama Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road, Accra",
        region: "GH-AA",
        items: items.map((i) => ({ ...i, colorIndex: null, size: "M" })),
        idempotencyKey: crypto.randomUUID(),
      }),
      { userId: null, ...sender },
    );
  }

  it("takes the stock again when it is still there", async () => {
    const kaftan = await createProduct(database.db, { stock: 3, categoryId });
    const placed = await order([{ productId: kaftan.id, quantity: 2 }]);
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    expect(await stockOf(kaftan.id)).toBe(3);
    expect(await changeOrderStatus(database.db, placed.id, "confirmed", "admin@example.com")).toEqual({ changed: true });
    expect(await stockOf(kaftan.id)).toBe(1);
    // Moving between active statuses moves no stock.
    await changeOrderStatus(database.db, placed.id, "shipped", "admin@example.com");
    expect(await stockOf(kaftan.id)).toBe(1);
  });

  it("cancel, sell the last unit to someone else, un-cancel: refused by the product's name and size, nothing changes", async () => {
    const kaftan = await createProduct(database.db, { name: "Osu Linen Kaftan", stock: 1, categoryId });
    const first = await order([{ productId: kaftan.id, quantity: 1 }]);
    await changeOrderStatus(database.db, first.id, "cancelled", "admin@example.com");
    await order([{ productId: kaftan.id, quantity: 1 }], "kofi@example.com");
    expect(await stockOf(kaftan.id)).toBe(0);

    const attempt = changeOrderStatusAsAdmin(database.db, first.id, "processing", {
      changedBy: "Kwame (admin)",
      notifyCustomer: true,
      ...sender,
    });
    await expect(attempt).rejects.toBeInstanceOf(StockGoneError);
    await expect(attempt).rejects.toThrow(
      "Osu Linen Kaftan (M) has none left in stock and this order needs 1, so it stays cancelled. Restock Osu Linen Kaftan (M) first.",
    );
    expect(await stockOf(kaftan.id)).toBe(0);
    expect(await statusOf(first.id)).toBe("cancelled");
    expect(await historyOf(first.id)).toEqual(["processing", "cancelled"]);
    // No "your order is processing again" email to the customer.
    expect((await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "order-status"))).length).toBe(0);

    // Once restocked, the same change goes through.
    await setStock(kaftan.id, 1);
    expect(await changeOrderStatus(database.db, first.id, "processing", "admin@example.com")).toEqual({ changed: true });
    expect(await stockOf(kaftan.id)).toBe(0);
  });

  it("counts every line of the order: all or nothing, the shortfall named with what is left", async () => {
    const smock = await createProduct(database.db, { name: "Northern Smock", stock: 10, categoryId });
    const suit = await createProduct(database.db, { name: "Navy Suit", stock: 3, categoryId });
    const placed = await order([
      { productId: smock.id, quantity: 2 },
      { productId: suit.id, quantity: 1 },
      { productId: suit.id, quantity: 2 },
    ]);
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    await setStock(suit.id, 2);
    await expect(changeOrderStatus(database.db, placed.id, "confirmed", "admin@example.com")).rejects.toThrow(
      "Navy Suit (M) has only 2 left in stock and this order needs 3",
    );
    // The smocks it would have taken first went back with the refusal.
    expect([await stockOf(smock.id), await stockOf(suit.id)]).toEqual([10, 2]);
  });

  it("the admin orders page refuses with 409 and the product's name in the toast message", async () => {
    const context = testLoadContext(database);
    const email = `owner.${crypto.randomBytes(3).toString("hex")}@example.com`;
    const headers = () => new Headers({ origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.9.0.1" });
    expect((await signUp(context.auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(true);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    await setUserRole(database.db, user!.id, "owner");
    const signedIn = await signIn(context.auth, headers(), { email, password: "kente-pass-1" });
    if (!signedIn.ok) throw new Error(signedIn.message.title);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((l) => l.startsWith("ahenfie.session_token="))!
      .split(";")[0]!;

    const kente = await createProduct(database.db, { name: "Royal Kente Stole", stock: 1, categoryId });
    const first = await order([{ productId: kente.id, quantity: 1 }]);
    await changeOrderStatus(database.db, first.id, "cancelled", "admin@example.com");
    await order([{ productId: kente.id, quantity: 1 }], "kofi@example.com");

    const request = new Request(`${TEST_ORIGIN}/admin/orders`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "status", orderId: first.id, status: "processing" }),
    });
    const answer = (await ordersAction({ request, context, params: {} } as Parameters<typeof ordersAction>[0])) as unknown as {
      data: OrderUpdateResult;
      init: ResponseInit | null;
    };
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      ok: false,
      message:
        "Royal Kente Stole (M) has none left in stock and this order needs 1, so it stays cancelled. Restock Royal Kente Stole (M) first.",
    });
    expect(await stockOf(kente.id)).toBe(0);
    expect(await statusOf(first.id)).toBe("cancelled");
  });

  it(`races for the last unit never oversell (${driver}): two un-cancels, un-cancel against a new order, one order twice`, async () => {
    for (let round = 0; round < 8; round++) {
      // Two cancelled orders, one unit left: both reactivated at once → exactly one wins.
      const product = await createProduct(database.db, { name: `Race Kaftan ${round}`, stock: 2, categoryId });
      const a = await order([{ productId: product.id, quantity: 1 }]);
      const b = await order([{ productId: product.id, quantity: 1 }]);
      await changeOrderStatus(database.db, a.id, "cancelled", "admin");
      await changeOrderStatus(database.db, b.id, "cancelled", "admin");
      await setStock(product.id, 1);
      const both = await contended(product.id, 2, () =>
        Promise.allSettled([
          changeOrderStatus(database.db, a.id, "processing", "admin"),
          changeOrderStatus(database.db, b.id, "processing", "admin"),
        ]),
      );
      expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(both.filter((r) => r.status === "rejected" && r.reason instanceof StockGoneError)).toHaveLength(1);
      expect(await stockOf(product.id)).toBe(0);
      expect([await statusOf(a.id), await statusOf(b.id)].sort()).toEqual(["cancelled", "processing"]);

      // An un-cancel against a shopper's new order for the last unit → exactly one wins.
      const other = await createProduct(database.db, { name: `Race Smock ${round}`, stock: 1, categoryId });
      const cancelled = await order([{ productId: other.id, quantity: 1 }]);
      await changeOrderStatus(database.db, cancelled.id, "cancelled", "admin");
      const [reactivated, placed] = await contended(other.id, 2, () =>
        Promise.allSettled([
          changeOrderStatus(database.db, cancelled.id, "confirmed", "admin"),
          order([{ productId: other.id, quantity: 1 }], "yaw@example.com"),
        ]),
      );
      const winners = [reactivated, placed].filter((r) => r.status === "fulfilled");
      expect(winners).toHaveLength(1);
      if (reactivated.status === "rejected") expect(reactivated.reason).toBeInstanceOf(StockGoneError);
      if (placed.status === "rejected") expect(placed.reason).toBeInstanceOf(OrderRefusedError);
      expect(await stockOf(other.id)).toBe(0);

      // The same cancelled order reactivated twice at once takes its stock once.
      const twice = await createProduct(database.db, { name: `Race Suit ${round}`, stock: 5, categoryId });
      const one = await order([{ productId: twice.id, quantity: 2 }]);
      await changeOrderStatus(database.db, one.id, "cancelled", "admin");
      // (The second waits on the order's row lock, so here the product lock holds back only one.)
      const results = await contended(twice.id, 1, () =>
        Promise.all([
          changeOrderStatus(database.db, one.id, "confirmed", "admin"),
          changeOrderStatus(database.db, one.id, "confirmed", "admin"),
        ]),
      );
      expect(results.filter((r) => r.changed)).toHaveLength(1);
      expect(await stockOf(twice.id)).toBe(3);
    }
  });
});
