import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { setUserRole } from "~/modules/auth/roles.server";
import { lastMeasurements, savedMeasurements, saveMeasurements } from "~/modules/measurements/customer-measurements.server";
import type { Measurements } from "~/modules/measurements/measurements";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { changeOrderStatus } from "~/modules/orders/order-status.server";
import { checkoutSchema, type CheckoutInput } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { products, productVariants } from "~db/schema/catalog";
import { orderItems, orders } from "~db/schema/orders";
import { emailOutbox } from "~db/schema/store";
import { createCategory, createProduct, stockOfVariant, totalStockOf, variantOf } from "../factories/catalog";
import { createUser } from "../factories/users";
import { describeWithDatabase } from "../setup/test-database";

const context = { userId: null, origin: "https://shop.example", storeName: "Ahenfie" };

const measured: Measurements = {
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

/** The checkout as the browser posts it (raw values, validated by the schema like the route does). */
function checkoutRaw(items: unknown[]): unknown {
  return {
    email: "kofi@example.com",
    name: "Kofi Boateng",
    phone: "+233 24 111 2222",
    address: "7 Oxford Street, Osu",
    region: "GH-AA",
    paymentMethod: "pay_on_delivery",
    items,
    idempotencyKey: crypto.randomUUID(),
  };
}
const checkout = (items: unknown[]): CheckoutInput => checkoutSchema.parse(checkoutRaw(items));

describeWithDatabase("made to measure", (database) => {
  let categoryId: number;
  let suitId: number;

  beforeAll(async () => {
    categoryId = (await createCategory(database.db, "suits")).id;
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
    // Sold out in every standard size: made to measure is cut to order and still sells.
    const suit = await createProduct(database.db, { name: "Accra Executive Suit", price: 79_999, categoryId, stock: 0 });
    await database.db
      .update(products)
      .set({ madeToMeasure: true, madeToMeasureSurcharge: 15_000, madeToMeasureDays: 15 })
      .where(eq(products.id, suit.id));
    suitId = suit.id;
  });

  /** Units left over all the product's sizes. */
  const stockOf = (id: number) => totalStockOf(database.db, id);

  it("stores the measurements, the surcharge-included price and the days, and takes no stock (stock 0)", async () => {
    const placed = await placeOrder(
      database.db,
      checkout([{ productId: suitId, colorIndex: null, size: null, quantity: 2, seenPrice: 94_999, measurements: measured }]),
      context,
    );
    expect(placed.totalAmount).toBe(2 * 94_999);
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(item).toMatchObject({
      unitPrice: 94_999,
      quantity: 2,
      size: null,
      measurements: measured,
      madeToMeasureSurcharge: 15_000,
      madeToMeasureDays: 15,
    });
    expect(await stockOf(suitId)).toBe(0);

    const details = await getOrderDetails(database.db, placed.id);
    expect(details?.items[0]?.madeToMeasure).toEqual({ measurements: measured, surcharge: 15_000, days: 15 });

    // Cancelling gives back no stock for a piece that took none.
    await changeOrderStatus(database.db, placed.id, "cancelled", "admin@example.com");
    expect(await stockOf(suitId)).toBe(0);
  });

  it("takes stock only for the standard lines of a mixed order", async () => {
    const large = await variantOf(database.db, suitId, "L");
    await database.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, large.id));
    await placeOrder(
      database.db,
      checkout([
        { productId: suitId, colorIndex: null, size: "L", quantity: 1 },
        { productId: suitId, colorIndex: null, size: null, quantity: 4, measurements: measured },
      ]),
      context,
    );
    expect(await stockOfVariant(database.db, suitId, "L")).toBe(2);
    expect(await stockOf(suitId)).toBe(2);
  });

  it("refuses made to measure for a product that does not offer it, by name, and changes nothing", async () => {
    const kaftan = await createProduct(database.db, { name: "Osu Linen Kaftan", price: 30_000, categoryId, sizes: ["M"], stock: 5 });
    await expect(
      placeOrder(
        database.db,
        checkout([{ productId: kaftan.id, colorIndex: null, size: null, quantity: 1, measurements: measured }]),
        context,
      ),
    ).rejects.toThrow("Osu Linen Kaftan is not made to measure");
    expect(await database.db.select().from(orders)).toHaveLength(0);
    expect(await stockOf(kaftan.id)).toBe(5);
  });

  it("tells the shopper when the surcharge changed since they saw the price", async () => {
    await expect(
      placeOrder(
        database.db,
        checkout([{ productId: suitId, colorIndex: null, size: null, quantity: 1, seenPrice: 79_999, measurements: measured }]),
        context,
      ),
    ).rejects.toThrow("The price of Accra Executive Suit has changed to ₵949.99");
  });

  it("refuses an impossible measurement with its message", () => {
    const result = checkoutSchema.safeParse(
      checkoutRaw([
        {
          productId: suitId,
          colorIndex: null,
          size: null,
          quantity: 1,
          measurements: { unit: "cm", values: { ...measured.values, chest: 500 } },
        },
      ]),
    );
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path.join(".") === "items.0.measurements.values.chest");
    expect(issue?.message).toBe("A chest of 500 cm is outside what we can make (60–180 cm). Please measure again.");
  });

  it("keeps a signed-in customer's measurements for next time, replacing the old ones", async () => {
    const customer = await createUser(database.db);
    await saveMeasurements(database.db, customer.id, { unit: "in", values: { ...measured.values, chest: 40 } });
    const next: Measurements = { unit: "cm", values: { ...measured.values, waist: 91.5 } };
    await placeOrder(database.db, checkout([{ productId: suitId, colorIndex: null, size: null, quantity: 1, measurements: next }]), {
      ...context,
      userId: customer.id,
    });
    expect(await savedMeasurements(database.db, customer.id)).toEqual(next);
  });

  it("says from which order the saved measurements come (the last one with a made-to-measure line), dated in the store's zone", async () => {
    const customer = await createUser(database.db);
    expect(await lastMeasurements(database.db, customer.id, "Africa/Accra")).toBeNull();
    const place = (measurements: Measurements) =>
      placeOrder(database.db, checkout([{ productId: suitId, colorIndex: null, size: null, quantity: 1, measurements }]), {
        ...context,
        userId: customer.id,
      });
    await place(measured);
    const second: Measurements = { unit: "cm", values: { ...measured.values, chest: 106, waist: 92 } };
    const { orderNumber } = await place(second);
    await database.db
      .update(orders)
      .set({ createdAt: new Date("2026-11-14T23:30:00Z") })
      .where(eq(orders.orderNumber, orderNumber));
    await database.db
      .update(orders)
      .set({ createdAt: new Date("2026-10-02T10:00:00Z") })
      .where(sql`${orders.orderNumber} <> ${orderNumber} and ${orders.userId} = ${customer.id}`);
    // The date is the store's: 23:30 UTC on the 14th is already the 15th in Tokyo.
    expect(await lastMeasurements(database.db, customer.id, "Africa/Accra")).toEqual({
      measurements: second,
      kind: "order",
      from: `order ${orderNumber} of 14 Nov 2026`,
    });
    expect((await lastMeasurements(database.db, customer.id, "Asia/Tokyo"))?.from).toBe(`order ${orderNumber} of 15 Nov 2026`);
    // Another customer's order says nothing of theirs.
    const other = await createUser(database.db);
    expect(await lastMeasurements(database.db, other.id, "Africa/Accra")).toBeNull();
  });

  it("puts the measurements and the production time in the confirmation email and the staff's new-order alert", async () => {
    const admin = await createUser(database.db, { email: `cutter.${crypto.randomUUID()}@ahenfie.test` });
    await setUserRole(database.db, admin.id, "owner");
    await placeOrder(
      database.db,
      checkout([{ productId: suitId, colorIndex: null, size: null, quantity: 1, measurements: measured }]),
      context,
    );
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "order-confirmation"));
    const [alert] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, admin.email));
    expect(alert!.kind).toBe("new-order-alert");
    for (const body of [mail!.text, mail!.html, alert!.text, alert!.html]) {
      expect(body).toContain(
        "Made to measure (cm): Chest 102 · Waist 88 · Hips 100 · Shoulder 46 · Sleeve 64 · Top length 78 · Trouser length 104 · Inseam 80 · Neck 40 · Height 178",
      );
      expect(body).toContain("Made in 15 working days");
      expect(body).toContain("includes ₵150.00 for making to measure");
    }
  });
});
