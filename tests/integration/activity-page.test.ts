import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { nameActivityActor, runInActivityScope } from "~db/activity-scope";
import { activityLog } from "~db/schema/activity";
import { products, productVariants } from "~db/schema/catalog";
import { orders } from "~db/schema/orders";
import { setUserRole } from "~/modules/auth/roles.server";
import type { Role } from "~/modules/auth/capabilities";
import { saveStoreSettings } from "~/modules/settings/settings.server";
import { productFormValues } from "~/modules/catalog/product-form-data";
import { getAdminProduct, updateProduct } from "~/modules/catalog/product-management.server";
import { productFormSchema } from "~/modules/catalog/product.schema";
import { loader as activityLoader } from "~/routes/admin/activity";
import { loader as exportLoader } from "~/routes/admin/activity-export";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as productsLoader } from "~/routes/admin/products";
import { createProduct, variantOf } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { signedInAs, testLoadContext, TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Admin → Activity (issue 48, decision 049) over its loaders: real admin changes (recorded by the
 * database's trigger) read on the page and in a product's and an order's own history; the
 * filters (person, kind, days, product, order), Newer/Older by keyset, one entry's details; the
 * Owner's CSV with the same filters, changes in words and formula-safe; and who may read what.
 */
describeWithDatabase("the activity page, its export and the records' histories", (database) => {
  const people = {} as Record<Role, { id: string; email: string; name: string }>;
  let productId: number;
  let orderId: string;
  let orderNumber: string;

  /** Runs `work` as an admin action of `who` runs: its transactions are recorded as theirs. */
  const actAs = <T>(who: Role, action: string, work: () => Promise<T>) =>
    runInActivityScope(async () => {
      const p = people[who];
      nameActivityActor({ id: p.id, name: p.name, role: who, ip: "203.0.113.7", action });
      return work();
    });

  beforeAll(async () => {
    for (const [role, name] of [
      ["owner", "Ama Owusu"],
      ["manager", "Kofi Mensah"],
      ["accountant", "Esi Boateng"],
      ["staff", "Yaw Asante"],
    ] as const) {
      const user = await createUser(database.db, { name, email: `${role}@ahenfie.test` });
      await setUserRole(database.db, user.id, role);
      people[role] = { id: user.id, email: user.email, name };
    }
    const product = await createProduct(database.db, { name: "Royal Kente Kaftan", price: 29_999, stock: 5, sizes: ["M", "L"] });
    productId = product.id;
    const order = await createOrder(database.db, { orderStatus: "confirmed", paymentStatus: "paid" });
    orderId = order.id;
    orderNumber = order.orderNumber;
    const db = database.db;
    const variant = await variantOf(db, productId, "M");

    // An old entry (before the date filter's days), written as the trigger writes them.
    await db.insert(activityLog).values({
      at: new Date("2026-01-10T09:00:00Z"),
      actorId: people.owner.id,
      actorName: "Ama Owusu",
      actorRole: "owner",
      ip: "203.0.113.7",
      action: "admin/shipping#update",
      area: "shipping",
      kind: "shipping zone",
      operation: "changed",
      subjectId: "1",
      subjectLabel: "Greater Accra",
      changes: { fee: [2500, 3000] },
    });
    await actAs("owner", "admin/products#update", () =>
      db.transaction(async (tx) => {
        await tx.update(products).set({ price: 30_099 }).where(eq(products.id, productId));
        await tx.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variant.id));
      }),
    );
    await actAs("manager", "admin/orders#status", () =>
      db.transaction((tx) => tx.update(orders).set({ orderStatus: "shipped" }).where(eq(orders.id, orderId))),
    );
    // A value a spreadsheet would run as a formula.
    await actAs("owner", "admin/settings#general", () => saveStoreSettings(db, { storeName: "=HYPERLINK(1)" }));
  });

  const cookie = { cookie: "ahenfie.session_token=abc" };
  const get = (handler: Parameters<typeof routeAnswer>[0], role: Role, path: string) =>
    routeAnswer(handler, {
      request: new Request(`${TEST_ORIGIN}${path}`, { headers: cookie }),
      context: testLoadContext(database, { auth: signedInAs(people[role]) }),
    });
  type Page = {
    entries: { id: number; kind: string; actorName: string; changes: Record<string, unknown> }[];
    older: string | null;
    newer: string | null;
    people: { id: string; name: string }[];
    record: { name: string } | null;
    entry: { id: number; ip: string; action: string } | null;
  };
  const page = async (path: string, role: Role = "owner") => {
    const answer = await get(activityLoader, role, path);
    expect(answer.status).toBe(200);
    return answer.body as Page;
  };
  const kinds = (p: Page) => p.entries.map((e) => e.kind);

  it("lists every change newest first, with who made it, and names the people who made changes", async () => {
    const all = await page("/admin/activity");
    expect(kinds(all)).toEqual(["setting", "order", "variant", "product", "shipping zone"]);
    expect(all.entries.map((e) => e.actorName)).toEqual(["Ama Owusu", "Kofi Mensah", "Ama Owusu", "Ama Owusu", "Ama Owusu"]);
    expect(all.entries[3]!.changes).toEqual({ price: [29_999, 30_099] });
    expect(all.entries[2]!.changes).toEqual({ stock: [5, 3] });
    expect(all.people.map((p) => p.name)).toEqual(["Ama Owusu", "Kofi Mensah"]);
    expect(all).toMatchObject({ older: null, newer: null, record: null, entry: null });
  });

  it("filters by person, kind, days, product and order, and leaves out what cannot filter", async () => {
    expect(kinds(await page(`/admin/activity?person=${people.manager.id}`))).toEqual(["order"]);
    expect(kinds(await page("/admin/activity?kind=products"))).toEqual(["variant", "product"]);
    expect(kinds(await page("/admin/activity?from=2026-01-01&to=2026-01-31"))).toEqual(["shipping zone"]);
    expect(kinds(await page("/admin/activity?to=2026-01-09"))).toEqual([]);
    const product = await page(`/admin/activity?product=${productId}`);
    expect(kinds(product)).toEqual(["variant", "product"]);
    expect(product.record).toMatchObject({ name: "Royal Kente Kaftan" });
    const order = await page(`/admin/activity?order=${orderId}`);
    expect(kinds(order)).toEqual(["order"]);
    expect(order.record).toMatchObject({ name: orderNumber });
    // A hand-edited link still shows the whole log.
    const odd = await page("/admin/activity?kind=everything&from=2026-13-45&product=abc&order=1&older=yesterday&entry=x");
    expect(odd.entries).toHaveLength(5);
  });

  it("pages by keyset: Older from the last entry, Newer back to the same entries", async () => {
    const db = database.db;
    const start = Date.parse("2026-02-01T08:00:00Z");
    await db.insert(activityLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        at: new Date(start + i * 60_000),
        actorName: "Backfill",
        action: "admin/products#update",
        area: "reviews",
        kind: "review",
        operation: "changed" as const,
        subjectId: String(i),
        subjectLabel: `Review ${i}`,
        changes: { status: ["pending", "approved"] },
      })),
    );
    const first = await page("/admin/activity?kind=reviews");
    expect(first.entries).toHaveLength(50);
    expect(first.newer).toBeNull();
    expect(first.older).not.toBeNull();
    const second = await page(`/admin/activity?kind=reviews&older=${encodeURIComponent(first.older!)}`);
    expect(second.entries.map((e) => e.id)).toHaveLength(10);
    expect(second.older).toBeNull();
    const back = await page(`/admin/activity?kind=reviews&newer=${encodeURIComponent(second.newer!)}`);
    expect(back.entries.map((e) => e.id)).toEqual(first.entries.map((e) => e.id));
    expect(back.newer).toBeNull();
    await db.delete(activityLog).where(eq(activityLog.area, "reviews"));
  });

  it("opens one entry's details, with its address and form", async () => {
    const [price] = await database.db
      .select({ id: activityLog.id })
      .from(activityLog)
      .where(sql`${activityLog.kind} = 'product'`);
    const opened = await page(`/admin/activity?entry=${price!.id}`);
    expect(opened.entry).toMatchObject({ id: price!.id, ip: "203.0.113.7", action: "admin/products#update" });
    expect((await page("/admin/activity?entry=999999999")).entry).toBeNull();
  });

  it("is read by the owner, a manager and an accountant, not by staff", async () => {
    for (const role of ["manager", "accountant"] as const) expect((await page("/admin/activity", role)).entries).toHaveLength(5);
    expect((await get(activityLoader, "staff", "/admin/activity")).status).toBe(403);
  });

  it("exports the filtered log as CSV for the owner alone, changes in words and as JSON, formula-safe", async () => {
    const answer = await get(exportLoader, "owner", "/admin/activity/export.csv?kind=products");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="activity-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = String(answer.body)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Time (UTC),Time (Africa/Accra),Person,Role,Address,Form,Area,Kind,Operation,Subject,Subject id,Product id,Order id,What,Changes,Changes (JSON)",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Ama Owusu,Owner,203.0.113.7,admin/products#update,Products and stock,variant,changed");
    expect(lines[1]).toContain("Stock: 5 → 3");
    expect(lines[2]).toContain("Changed product Royal Kente Kaftan,Price: ₵299.99 → ₵300.99");
    expect(lines[2]).toContain(`"{""price"":[29999,30099]}"`);

    // A member of staff named like a formula: the cell starts with an apostrophe, so a spreadsheet shows it as text.
    const [odd] = await database.db
      .insert(activityLog)
      .values({
        actorName: '=HYPERLINK("http://evil.test")',
        action: "admin/settings#general",
        area: "settings",
        kind: "setting",
        operation: "changed",
        subjectId: "storeName",
        subjectLabel: "storeName",
        changes: { value: ["A", "B"] },
      })
      .returning();
    const settings = String((await get(exportLoader, "owner", "/admin/activity/export.csv?kind=settings")).body);
    expect(settings).toContain(`,"'=HYPERLINK(""http://evil.test"")",`);
    expect(settings).toContain("Changed setting Store name,Store name: Ahenfie → =HYPERLINK(1),");
    expect(settings).not.toMatch(/,"?=HYPERLINK/);
    await database.db.delete(activityLog).where(eq(activityLog.id, odd!.id));

    for (const role of ["manager", "accountant", "staff"] as const)
      expect((await get(exportLoader, role, "/admin/activity/export.csv")).status).toBe(403);
  });

  it("shows a product's and an order's latest changes in their dialogs, to those who read the log", async () => {
    type ProductsPage = { ok: true; dialog: { history: { entries: { kind: string }[]; more: boolean } | null } };
    const productPage = async (role: Role) =>
      (await get(productsLoader, role, `/admin/products?product=${productId}`)).body as ProductsPage;
    const managers = await productPage("manager");
    expect(managers.dialog.history?.entries.map((e) => e.kind)).toEqual(["variant", "product"]);
    expect(managers.dialog.history?.more).toBe(false);
    // Staff open products (stock counts) but not the activity log: no history is sent.
    expect((await productPage("staff")).dialog.history).toBeNull();

    type OrdersPage = { history: { entries: { kind: string; changes: unknown }[] } | null };
    const orderPage = async (role: Role) => (await get(ordersLoader, role, `/admin/orders?order=${orderId}`)).body as OrdersPage;
    const accountants = await orderPage("accountant");
    expect(accountants.history?.entries).toEqual([
      expect.objectContaining({ kind: "order", changes: { order_status: ["confirmed", "shipped"] } }),
    ]);
    expect((await orderPage("staff")).history).toBeNull();
  });

  it("records a product saved with its colours untouched as the one change it made", async () => {
    const db = database.db;
    const stole = await createProduct(db, {
      name: "Kente Stole",
      sizes: ["M"],
      colors: [
        { name: "Gold", hex: "#C9A227" },
        { name: "Emerald", hex: "#1E6B4F" },
      ],
    });
    const opened = productFormValues(await getAdminProduct(db, stole.id));
    await actAs("owner", "admin/products#update", () =>
      updateProduct(db, stole.id, productFormSchema.parse({ ...opened, price: "120.00" })),
    );
    const history = await page(`/admin/activity?product=${stole.id}`);
    expect(history.entries.map((e) => [e.kind, e.changes])).toEqual([["product", { price: [10_000, 12_000] }]]);
  });
});
