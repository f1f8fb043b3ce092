import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { OrderDocument, type OrderDocumentData } from "~/components/admin/orders/print/order-document";
import { checkoutSchema, type CheckoutInput } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { loader as documentLoader } from "~/routes/admin/order-document";
import { action as settingsAction } from "~/routes/admin/settings";
import { discountCodes } from "~db/schema/discounts";
import { orders } from "~db/schema/orders";
import { shippingZones } from "~db/schema/shipping";
import { userRoles } from "~db/schema/store";
import { createProduct } from "../factories/catalog";
import { createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The tax inside real orders (issue 47 part 2, decision 045, docs/product-rules.md §13 "Taxes"),
 * on both databases: orders placed through placeOrder (what checkout runs) for a table of awkward
 * totals, in a shop whose taxes were saved through Settings → Taxes; each order keeps the rates
 * and TIN, and its invoice's tax lines add up, to the pesewa, to the tax inside its total rounded
 * as the rule says (the whole tax to the nearest pesewa, a half up), each line its exact share
 * rounded down or up. The invoice page, rendered, prints those lines, the net and the TIN. Then a
 * discount code in a taxed shop: the tax is the tax inside the discounted total, and the invoice
 * shows the discount line, the tax lines and the TIN together.
 */

const TIN = "C0012345678";

/** A tax as staff type it in Settings → Taxes, and as the order keeps it. */
interface TaxTyped {
  name: string;
  rate: string;
  basisPoints: number;
  label: string;
}
/** Ghana from 2026: every tax on the same base, 20 % in all. */
const GHANA_2026: TaxTyped[] = [
  { name: "VAT", rate: "15", basisPoints: 1500, label: "VAT 15%" },
  { name: "NHIL", rate: "2.5", basisPoints: 250, label: "NHIL 2.5%" },
  { name: "GETFund levy", rate: "2.5", basisPoints: 250, label: "GETFund levy 2.5%" },
];
/** The regime before 2026 as the form takes it: VAT on the levies entered as 15.9 %, four lines. */
const GHANA_BEFORE_2026: TaxTyped[] = [
  { name: "VAT", rate: "15.9", basisPoints: 1590, label: "VAT 15.9%" },
  { name: "NHIL", rate: "2.5", basisPoints: 250, label: "NHIL 2.5%" },
  { name: "GETFund levy", rate: "2.5", basisPoints: 250, label: "GETFund levy 2.5%" },
  { name: "COVID-19 levy", rate: "1", basisPoints: 100, label: "COVID-19 levy 1%" },
];

/** The rule, written here on its own so the test does not lean on the code it checks: the whole tax, a half pesewa up. */
function wholeTaxInside(gross: number, basisPoints: number[]): number {
  const sum = BigInt(basisPoints.reduce((a, b) => a + b, 0));
  const divisor = 10_000n + sum;
  const twice = 2n * BigInt(gross) * sum; // 2 × the exact tax × divisor
  return Number((twice + divisor) / (2n * divisor));
}

/** "₵1,041.66" */
const cedis = (pesewas: number) => `₵${(pesewas / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describeWithDatabase("tax lines of placed orders", (database) => {
  const db = () => database.db;
  let adminId: string;
  const product: Record<string, number> = {};

  beforeAll(async () => {
    adminId = (await createUser(db(), { name: "Adwoa Owner", email: "adwoa.taxtable@example.com" })).id;
    await db().insert(userRoles).values({ userId: adminId, role: "owner" });
    for (const [name, price] of [
      ["One Pesewa Swatch", 1],
      ["Kente Bookmark", 99],
      ["Adinkra Pin", 101],
      ["Ankara Pocket Square", 3_333],
      ["Batakari Cap", 9_999],
      ["Kente Ceremonial Agbada", 124_999],
      ["Royal Kente Robe", 10_000_001],
      ["Osu Linen Kaftan", 33_333],
    ] as const)
      product[name] = (await createProduct(db(), { name, price, stock: 100 })).id;
    // Delivery in Greater Accra is free whatever the order, so those totals are the pieces alone;
    // Kumasi (Rest of Ghana) still pays ₵50.00 under ₵500.00.
    await db().update(shippingZones).set({ freeShippingThreshold: 0 }).where(eq(shippingZones.name, "Greater Accra"));
    const [restOfGhana] = await db().select().from(shippingZones).where(eq(shippingZones.name, "Rest of Ghana"));
    expect(restOfGhana).toMatchObject({ fee: 5_000, freeShippingThreshold: 50_000 });
    await db()
      .insert(discountCodes)
      .values([
        { code: "WELCOME15", kind: "percentage", value: 15 },
        { code: "SHIPFREE", kind: "free_shipping", value: 0 },
      ]);
  });
  beforeEach(async () => {
    await db().delete(orders);
  });

  const asAdmin = () =>
    testLoadContext(database, { auth: signedInAs({ id: adminId, email: "adwoa.taxtable@example.com", name: "Adwoa Owner" }) });

  /** Settings → Taxes saved through the page's action, as the tab posts it. */
  async function saveTaxes(taxes: TaxTyped[]) {
    const body = new URLSearchParams({ intent: "taxes", tin: TIN, zeroRateExports: "on" });
    taxes.forEach((tax, i) => {
      body.set(`lines[${i}].name`, tax.name);
      body.set(`lines[${i}].rate`, tax.rate);
    });
    const request = samePost("/admin/settings", body);
    request.headers.set("cookie", "ahenfie.session_token=abc");
    const saved = await routeAnswer(settingsAction, { request, context: asAdmin() });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
  }

  function order(items: { product: string; quantity?: number }[], overrides: Partial<CheckoutInput> = {}) {
    return placeOrder(
      db(),
      checkoutSchema.parse({
        email: "efua.mensah@example.com",
        name: "Efua Mensah",
        phone: "+233 24 000 0000",
        address: "12 Ring Road, Osu",
        region: "GH-AA",
        paymentMethod: "pay_on_delivery",
        items: items.map((item) => ({ productId: product[item.product]!, colorIndex: null, size: "M", quantity: item.quantity ?? 1 })),
        idempotencyKey: crypto.randomUUID(),
        ...overrides,
      }),
      { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie" },
    );
  }

  /** The invoice's loader data, and the page it renders as staff's browser receives it. */
  async function invoice(orderId: string) {
    const answer = await routeAnswer(documentLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/orders/${orderId}/invoice`, { headers: { cookie: "ahenfie.session_token=abc" } }),
      context: asAdmin(),
      params: { orderId, document: "invoice" },
    });
    expect(answer.status).toBe(200);
    const doc = answer.body as OrderDocumentData;
    const html = renderToString(createElement(MemoryRouter, null, createElement(OrderDocument, { doc })))
      .replace(/<!-- -->/g, "")
      .replace(/&amp;/g, "&");
    // The totals' terms and amounts as printed: "VAT 15%" → "₵156.25".
    const printed = new Map<string, string>();
    for (const [, term, amount] of html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)) printed.set(term!, amount!);
    return { doc, html, printed };
  }

  const snapshotOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.taxSnapshot;

  /**
   * Awkward totals, each as an order makes it, with the tax lines worked out by hand from the
   * rule (Ghana 2026 rates, then the four lines before 2026). Greater Accra delivers free here.
   */
  const table: {
    name: string;
    items: { product: string; quantity?: number }[];
    overrides?: Partial<CheckoutInput>;
    total: number;
    ghana2026: number[];
    before2026: number[];
  }[] = [
    {
      name: "₵0.01: one pesewa holds no tax",
      items: [{ product: "One Pesewa Swatch" }],
      total: 1,
      ghana2026: [0, 0, 0],
      before2026: [0, 0, 0, 0],
    },
    {
      name: "₵0.99: 16.5 pesewas of tax, the half rounded up",
      items: [{ product: "Kente Bookmark" }],
      total: 99,
      ghana2026: [13, 2, 2],
      before2026: [13, 2, 2, 1],
    },
    { name: "₵1.01", items: [{ product: "Adinkra Pin" }], total: 101, ghana2026: [13, 2, 2], before2026: [13, 2, 2, 1] },
    {
      name: "₵33.33: NHIL takes the missing pesewa before GETFund (a tie to the tax listed first)",
      items: [{ product: "Ankara Pocket Square" }],
      total: 3_333,
      ghana2026: [417, 70, 69],
      before2026: [435, 69, 68, 27],
    },
    {
      name: "₵99.99",
      items: [{ product: "Batakari Cap" }],
      total: 9_999,
      ghana2026: [1_250, 209, 208],
      before2026: [1_304, 205, 205, 82],
    },
    {
      name: "₵99.99 as three pieces of ₵33.33",
      items: [{ product: "Ankara Pocket Square", quantity: 3 }],
      total: 9_999,
      ghana2026: [1_250, 209, 208],
      before2026: [1_304, 205, 205, 82],
    },
    {
      name: "₵1,249.99: VAT takes the missing pesewa",
      items: [{ product: "Kente Ceremonial Agbada" }],
      total: 124_999,
      ghana2026: [15_625, 2_604, 2_604],
      before2026: [16_304, 2_564, 2_564, 1_025],
    },
    {
      name: "₵100,000.01",
      items: [{ product: "Royal Kente Robe" }],
      total: 10_000_001,
      ghana2026: [1_250_000, 208_334, 208_333],
      before2026: [1_304_348, 205_086, 205_086, 82_035],
    },
    {
      name: "₵33.33 to Kumasi with ₵50.00 delivery: the delivery is taxed with the goods",
      items: [{ product: "Ankara Pocket Square" }],
      overrides: { region: "GH-AH" },
      total: 8_333,
      ghana2026: [1_042, 174, 173],
      before2026: [1_087, 171, 171, 68],
    },
    {
      name: "₵99.99 less WELCOME15 (₵15.00 off): the tax inside ₵84.99",
      items: [{ product: "Batakari Cap" }],
      overrides: { discountCode: "welcome15" },
      total: 8_499,
      ghana2026: [1_063, 177, 177],
      before2026: [1_109, 174, 174, 70],
    },
    {
      name: "₵33.33 to Kumasi with SHIPFREE: the fee waived is not taxed",
      items: [{ product: "Ankara Pocket Square" }],
      overrides: { region: "GH-AH", discountCode: "SHIPFREE" },
      total: 3_333,
      ghana2026: [417, 70, 69],
      before2026: [435, 69, 68, 27],
    },
  ];

  for (const regime of [
    { title: "Ghana's 2026 rates (15 + 2.5 + 2.5 %)", taxes: GHANA_2026, key: "ghana2026" },
    { title: "the four lines before 2026 (15.9 + 2.5 + 2.5 + 1 %)", taxes: GHANA_BEFORE_2026, key: "before2026" },
  ] as const) {
    const rates = regime.taxes.map((tax) => tax.basisPoints);
    it(`at ${regime.title}, every awkward total's invoice prints tax lines adding up to the tax inside it, to the pesewa`, async () => {
      await saveTaxes(regime.taxes);
      for (const row of table) {
        const placed = await order(row.items, row.overrides);
        expect(placed.totalAmount, row.name).toBe(row.total); // prices include tax: the shopper pays the price
        // The order keeps the rates and the TIN in force.
        expect(await snapshotOf(placed.id), row.name).toEqual({
          pricesIncludeTax: true,
          lines: regime.taxes.map((tax) => ({ name: tax.name, basisPoints: tax.basisPoints })),
          tin: TIN,
          zeroRated: null,
        });

        const { doc, html, printed } = await invoice(placed.id);
        const expected = row[regime.key];
        expect(doc.order.totalAmount, row.name).toBe(row.total);
        expect(
          doc.tax?.lines.map((line) => line.amount),
          row.name,
        ).toEqual(expected);
        const sum = expected.reduce((a, b) => a + b, 0);
        // The lines sum exactly to the whole tax rounded once, a half pesewa up…
        expect(sum, row.name).toBe(wholeTaxInside(row.total, rates));
        // …each line is its exact share rounded down or up, and the net makes up the rest.
        regime.taxes.forEach((tax, i) => {
          const exact = (row.total * tax.basisPoints) / (10_000 + rates.reduce((a, b) => a + b, 0));
          expect([Math.floor(exact), Math.ceil(exact)], `${row.name}: ${tax.label}`).toContain(expected[i]);
        });
        expect(doc.tax?.net, row.name).toBe(row.total - sum);

        // The invoice page prints them under the total, with the net and the TIN.
        expect(html, row.name).toContain(`TIN <span class="font-semibold tracking-wide">${TIN}</span>`);
        expect(html, row.name).toContain("Tax included");
        expect(printed.get("Total"), row.name).toBe(`GHS ${(row.total / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`);
        regime.taxes.forEach((tax, i) => expect(printed.get(tax.label), `${row.name}: ${tax.label}`).toBe(cedis(expected[i]!)));
        expect(printed.get("Net of tax"), row.name).toBe(cedis(row.total - sum));
        expect(html, row.name).toContain("Prices include tax, delivery included.");
      }
    });
  }

  it("taxes a discounted order on what it was charged, and its invoice shows the discount line, the tax lines and the TIN", async () => {
    await saveTaxes(GHANA_2026);
    // ₵333.33 less 15 % (₵49.9995 → ₵50.00): ₵283.33 charged, delivered free in Accra.
    const placed = await order([{ product: "Osu Linen Kaftan" }], { discountCode: "Welcome15" });
    const row = (await db().select().from(orders).where(eq(orders.id, placed.id)))[0]!;
    expect(row).toMatchObject({
      subtotalAmount: 33_333,
      discountAmount: 5_000,
      shippingAmount: 0,
      totalAmount: 28_333,
      discountCode: "WELCOME15",
    });

    const { doc, html, printed } = await invoice(placed.id);
    // docs/product-rules.md §13: what is taxed is the total after any discount, with its delivery.
    // The tax inside ₵283.33 is ₵47.22; inside the ₵333.33 before the discount it would be ₵55.56.
    expect(doc.tax).toEqual({
      tin: TIN,
      zeroRated: null,
      lines: [
        { label: "VAT 15%", amount: 3_542 },
        { label: "NHIL 2.5%", amount: 590 },
        { label: "GETFund levy 2.5%", amount: 590 },
      ],
      net: 23_611,
    });
    expect(wholeTaxInside(28_333, [1500, 250, 250])).toBe(4_722);
    expect(wholeTaxInside(33_333, [1500, 250, 250])).toBe(5_556);

    // One page: the discount, the total, the tax inside it and the TIN.
    expect(printed.get("Subtotal")).toBe("₵333.33");
    expect(printed.get("Discount (WELCOME15)")).toBe("−₵50.00");
    expect(printed.get("Shipping")).toBe("Free");
    expect(printed.get("Total")).toBe("GHS 283.33");
    expect(printed.get("VAT 15%")).toBe("₵35.42");
    expect(printed.get("NHIL 2.5%")).toBe("₵5.90");
    expect(printed.get("GETFund levy 2.5%")).toBe("₵5.90");
    expect(printed.get("Net of tax")).toBe("₵236.11");
    expect(html).toContain(`TIN <span class="font-semibold tracking-wide">${TIN}</span>`);
    expect(html.indexOf("Discount (WELCOME15)")).toBeLessThan(html.indexOf("Tax included"));
  });
});
