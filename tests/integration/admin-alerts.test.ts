import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { createAuth } from "~/modules/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { setUserRole } from "~/modules/auth/roles.server";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { emailOutbox } from "~db/schema/store";
import { createCategory, createProduct } from "../factories/catalog";
import { createUser } from "../factories/users";
import { silentLog } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

describeWithDatabase("staff alerts", (database) => {
  let productId: number;
  let adminEmail: string;

  beforeAll(async () => {
    const category = await createCategory(database.db, "kaftans");
    productId = (await createProduct(database.db, { name: "Royal Kente Kaftan", price: 29_999, categoryId: category.id, stock: 100 })).id;
    const admin = await createUser(database.db, { email: "owner@ahenfie.test" });
    await setUserRole(database.db, admin.id, "owner");
    adminEmail = admin.email;
  });
  beforeEach(async () => {
    await database.db.delete(emailOutbox);
  });

  const alertsOf = (kind: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
  const order = () =>
    placeOrder(
      database.db,
      checkoutSchema.parse({
        email: "kojo@example.com",
        name: "Kojo Asante",
        phone: "+233 24 123 4567",
        address: "7 Cantonments Road, Accra",
        region: "GH-AA",
        items: [{ productId, colorIndex: null, size: "M", quantity: 2 }],
        idempotencyKey: crypto.randomUUID(),
      }),
      { userId: null, origin: "https://shop.example", storeName: "Ahenfie" },
    );

  it("emails every admin about a new order while Email notifications is on, and nobody when it is off", async () => {
    await saveStoreSettings(database.db, { emailNotifications: true });
    const placed = await order();
    const [alert, ...more] = await alertsOf("new-order-alert");
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ toAddress: adminEmail, subject: `New order ${placed.orderNumber} — GHS 599.98` });
    expect(alert!.text).toContain("Kojo Asante (kojo@example.com) ordered 2 items");
    expect(alert!.text).toContain(`https://shop.example/admin/orders?search=${placed.orderNumber}`);
    // What to make and where it goes, without opening the admin: the lines, payment and delivery.
    expect(alert!.text).toContain("Size M · 2 × ₵299.99");
    expect(alert!.text).toContain("Payment method: Pay on Delivery.");
    expect(alert!.text).toContain("Delivery to Greater Accra, Ghana (Greater Accra zone): 1–2 working days from dispatch.");

    await database.db.delete(emailOutbox);
    await saveStoreSettings(database.db, { emailNotifications: false });
    await order();
    expect(await alertsOf("new-order-alert")).toHaveLength(0);
    // The shopper's own confirmation is never switched off.
    expect(await alertsOf("order-confirmation")).toHaveLength(1);
  });

  it("emails the admins about a new customer account while Customer notifications is on", async () => {
    const auth = createAuth({
      db: database.db,
      secret: "a-test-secret-that-is-long-enough-0123456789",
      origin: "http://localhost:3999",
      trustedOrigins: ["http://localhost:3999"],
      secureCookies: false,
      storeName: async () => "Ahenfie",
      nudgeEmail: () => {},
      log: silentLog,
    });
    const signUp = (email: string) =>
      auth.api.signUpEmail({
        body: { email, password: "secret12", name: "Ama" },
        headers: new Headers({ origin: "http://localhost:3999", [CLIENT_IP_HEADER]: `10.9.0.${Math.floor(Math.random() * 200)}` }),
      });

    await saveStoreSettings(database.db, { customerNotifications: true });
    await signUp("ama.new@example.com");
    const alerts = await alertsOf("new-customer-alert");
    expect(alerts.map((a) => a.toAddress)).toEqual([adminEmail]);
    expect(alerts[0]!.subject).toBe("New customer: ama.new@example.com");

    await database.db.delete(emailOutbox);
    await saveStoreSettings(database.db, { customerNotifications: false });
    await signUp("esi.new@example.com");
    expect(await alertsOf("new-customer-alert")).toHaveLength(0);
    expect(await alertsOf("verify-email")).toHaveLength(1);
  });
});
