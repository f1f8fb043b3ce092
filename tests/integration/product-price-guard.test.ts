import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { action as productsAction } from "~/routes/admin/products";
import { products } from "~db/schema/catalog";
import { createAdmin } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The product form's price guard (docs/product-rules.md §5), as the server applies it to a posted
 * form: the price above ₵0, the original price above the price, and a discount deeper than 70 %
 * only with the admin's "Yes, sell at −85 %", which must name the discount the prices make.
 */
describeWithDatabase("the product price guard", (database) => {
  let adminId: string;
  beforeAll(async () => {
    adminId = (await createAdmin(database.db, { email: "owner-prices@example.com" })).id;
  });

  /** The Add New Product dialog's post with these prices (and an optional confirmation). */
  async function create(name: string, prices: Record<string, string>) {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      intent: "create",
      name,
      sizes: "M",
      "variants[0].color": "",
      "variants[0].size": "M",
      "variants[0].stock": "2",
      isActive: "on",
      ...prices,
    }))
      form.set(key, value);
    const request = new Request(`${TEST_ORIGIN}/admin/products`, {
      method: "POST",
      headers: { cookie: "ahenfie.session_token=abc", origin: TEST_ORIGIN },
      body: form,
    });
    const answer = await routeAnswer(productsAction, {
      request,
      context: testLoadContext(database, { auth: signedInAs({ id: adminId, email: "owner-prices@example.com" }) }),
    });
    const body = answer.body as {
      ok: boolean;
      result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
    };
    const saved = await database.db
      .select({ price: products.price, originalPrice: products.originalPrice })
      .from(products)
      .where(eq(products.name, name));
    return { ok: body.ok, errors: body.result?.error ?? {}, typed: body.result?.initialValue ?? {}, saved };
  }

  it.each([
    ["a price of ₵0", { price: "0", originalPrice: "1399.99" }, "price", "Price must be more than ₵0.00"],
    [
      "an original price below the price",
      { price: "1399.99", originalPrice: "200" },
      "originalPrice",
      "Original price must be higher than the price",
    ],
    [
      "an original price equal to the price",
      { price: "200", originalPrice: "200" },
      "originalPrice",
      "Original price must be higher than the price",
    ],
    [
      "−100 % (₵0.01 against ₵1,399.99) without confirmation",
      { price: "0.01", originalPrice: "1399.99" },
      "confirmDiscount",
      "The price is more than 70 % below the original price: tick “Yes, sell at −100 %” if that is right, or correct the prices",
    ],
    [
      "−85 % without confirmation",
      { price: "209.99", originalPrice: "1399.99" },
      "confirmDiscount",
      "The price is more than 70 % below the original price: tick “Yes, sell at −85 %” if that is right, or correct the prices",
    ],
    [
      "−85 % with a confirmation of another figure (the prices changed since it was ticked)",
      { price: "209.99", originalPrice: "1399.99", confirmDiscount: "75" },
      "confirmDiscount",
      "The price is more than 70 % below the original price: tick “Yes, sell at −85 %” if that is right, or correct the prices",
    ],
  ])("refuses %s, says why under the field, saves nothing and keeps what was typed", async (_, prices, field, message) => {
    const name = `Guarded Smock ${field} ${Math.random().toString(36).slice(2, 8)}`;
    const answer = await create(name, prices);
    expect(answer.ok).toBe(false);
    expect(answer.errors[field]).toEqual([message]);
    expect(answer.saved).toEqual([]);
    expect(answer.typed).toMatchObject({ name, ...prices });
  });

  it("saves −85 % once the admin confirms that figure, and up to −70 % without a word", async () => {
    const deep = await create("Clearance Kente Smock", { price: "209.99", originalPrice: "1399.99", confirmDiscount: "85" });
    expect(deep.ok).toBe(true);
    expect(deep.saved).toEqual([{ price: 20_999, originalPrice: 139_999 }]);

    // Exactly 70 % below is not "deeper than 70 %".
    const seventy = await create("Seventy Off Smock", { price: "300", originalPrice: "1000" });
    expect(seventy.ok).toBe(true);
    expect(seventy.saved).toEqual([{ price: 30_000, originalPrice: 100_000 }]);
    const justOver = await create("Just Over Smock", { price: "299.99", originalPrice: "1000" });
    expect(justOver.errors.confirmDiscount).toEqual([
      "The price is more than 70 % below the original price: tick “Yes, sell at −70 %” if that is right, or correct the prices",
    ]);
  });
});
