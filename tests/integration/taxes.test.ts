import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { CORRECT_FIELDS } from "~/components/admin/settings/use-settings-form";
import { localDay } from "~/lib/dates";
import { checkoutSchema } from "~/modules/orders/checkout.schema";
import { placeOrder } from "~/modules/orders/place-order.server";
import { acceptQuote } from "~/modules/quotes/accept-quote.server";
import { addDays } from "~/modules/quotes/quote-lines";
import { writeQuote } from "~/modules/quotes/quotes.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { addDraftLine, createDraft, saveDraftDetails, type DraftDetails } from "~/modules/staff-orders/draft-orders.server";
import { placeDraftOrder } from "~/modules/staff-orders/place-draft-order.server";
import type { InvoiceTax } from "~/modules/taxes/invoice-tax";
import { defaultTaxSettings, TIN_MESSAGE } from "~/modules/taxes/tax-settings";
import { duplicateTaxNameMessage, TAX_NAME_MESSAGE, TAX_RATE_MESSAGE } from "~/modules/taxes/tax-settings.schema";
import { getTaxSettings } from "~/modules/taxes/tax-settings.server";
import { loader as documentLoader } from "~/routes/admin/order-document";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { customRequests } from "~db/schema/custom";
import { orders } from "~db/schema/orders";
import { emailOutbox, userRoles } from "~db/schema/store";
import { createProduct } from "../factories/catalog";
import { createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Settings → Taxes and the tax an order keeps (issue 47 part 2, decision 045), on both
 * databases: the tab saved and refused through the page's action, the settings in force kept
 * with each order (checkout and staff drafts) inside its transaction, the invoice computed from
 * that snapshot and never from today's settings, and zero-rated destinations.
 */
const GHANA_2026 = { "lines[0].name": "VAT", "lines[0].rate": "15", "lines[1].name": "NHIL", "lines[1].rate": "2.5" };
const GETFUND = { "lines[2].name": "GETFund levy", "lines[2].rate": "2.50" };

describeWithDatabase("taxes", (database) => {
  const db = () => database.db;
  let adminId: string;
  let customerId: string;
  let productId: number;
  let zoneIds: Record<string, number>;

  beforeAll(async () => {
    adminId = (await createUser(db(), { name: "Adwoa Owner", email: "adwoa.tax@example.com" })).id;
    await db().insert(userRoles).values({ userId: adminId, role: "owner" });
    customerId = (await createUser(db(), { name: "Ama Shopper", email: "ama.tax@example.com" })).id;
    // ₵1,249.99: over the free-shipping threshold in Ghana, so the total is the price.
    productId = (await createProduct(db(), { name: "Kente Ceremonial Agbada", price: 124_999, stock: 500 })).id;
    zoneIds = Object.fromEntries((await listShippingZones(db())).map((zone) => [zone.name, zone.id]));
  });
  beforeEach(async () => {
    await db().delete(orders);
    await db().delete(emailOutbox);
  });

  const asAdmin = () =>
    testLoadContext(database, { auth: signedInAs({ id: adminId, email: "adwoa.tax@example.com", name: "Adwoa Owner" }) });
  const asCustomer = () => testLoadContext(database, { auth: signedInAs({ id: customerId, email: "ama.tax@example.com", name: "Ama" }) });
  const save = (form: Record<string, string | string[]>, context = asAdmin()) => {
    const body = new URLSearchParams({ intent: "taxes" });
    for (const [key, value] of Object.entries(form)) for (const one of [value].flat()) body.append(key, one);
    const request = samePost("/admin/settings", body);
    request.headers.set("cookie", "ahenfie.session_token=abc");
    return routeAnswer(settingsAction, { request, context });
  };
  const invoice = async (orderId: string, document = "invoice") => {
    const answer = await routeAnswer(documentLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/orders/${orderId}/${document}`, { headers: { cookie: "ahenfie.session_token=abc" } }),
      context: asAdmin(),
      params: { orderId, document },
    });
    expect(answer.status).toBe(200);
    return answer.body as { tax: InvoiceTax | null; order: { totalAmount: number } };
  };
  const order = (country: string, region: string | null = null) =>
    placeOrder(
      db(),
      checkoutSchema.parse({
        email: "kojo@example.com",
        name: "Kojo Boateng",
        phone: "+233 24 000 0000",
        address: "12 Ring Road",
        country,
        ...(region ? { region } : {}),
        items: [{ productId, colorIndex: null, size: "M", quantity: 1 }],
        idempotencyKey: crypto.randomUUID(),
        // Pay on Delivery is for Ghana only; abroad the shopper pays online.
        paymentMethod: country === "GH" ? "pay_on_delivery" : "card",
      }),
      { userId: null, origin: TEST_ORIGIN, storeName: "Ahenfie" },
    );
  const snapshotOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.taxSnapshot;

  it("starts untaxed: no lines, no TIN, exports zero-rated; the tab shows them with the shipping zones", async () => {
    await save({ zeroRateExports: "on" }); // back to the defaults (tests share one database per driver)
    expect(await getTaxSettings(db())).toEqual(defaultTaxSettings);
    const page = (await routeAnswer(settingsLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/settings?tab=taxes`, { headers: { cookie: "ahenfie.session_token=abc" } }),
      context: asAdmin(),
    })) as { body: { taxes: { settings: unknown; zones: { name: string }[]; storeCurrency: string } } };
    expect(page.body.taxes.settings).toEqual(defaultTaxSettings);
    expect(page.body.taxes.zones.map((zone) => zone.name)).toEqual(["Greater Accra", "Rest of Ghana", "West Africa", "Rest of the world"]);
    expect(page.body.taxes.storeCurrency).toBe("GHS");
    // An untaxed shop's invoice says nothing about tax.
    const placed = await order("GH", "GH-AA");
    expect(await snapshotOf(placed.id)).toEqual({ pricesIncludeTax: true, lines: [], tin: null, zeroRated: null });
    expect((await invoice(placed.id)).tax).toBeNull();
  });

  it("saves the lines, rates and TIN (spaces dropped, capitalised) and the zones ticked", async () => {
    const saved = await save({
      ...GHANA_2026,
      ...GETFUND,
      tin: " c001 234 5678 ",
      zeroRateExports: "on",
      zeroRatedZoneIds: [String(zoneIds["West Africa"]), "999999"],
    });
    expect(saved).toMatchObject({ status: 200, body: { intent: "taxes", ok: true, message: "Settings saved" } });
    expect(await getTaxSettings(db())).toEqual({
      lines: [
        { name: "VAT", basisPoints: 1500 },
        { name: "NHIL", basisPoints: 250 },
        { name: "GETFund levy", basisPoints: 250 },
      ],
      tin: "C0012345678",
      zeroRateExports: true,
      // A zone that does not exist is not kept.
      zeroRatedZoneIds: [zoneIds["West Africa"]],
    });
  });

  it("takes a Ghana Card PIN as the TIN (individuals since 2021), written with its dashes whatever was typed", async () => {
    for (const typed of ["gha 123456789 0", "GHA-123456789-0", "GHA1234567890"]) {
      expect((await save({ ...GHANA_2026, tin: typed, zeroRateExports: "on" })).body).toMatchObject({ ok: true });
      expect((await getTaxSettings(db())).tin).toBe("GHA-123456789-0");
    }
    const refused = await save({ ...GHANA_2026, tin: "GHA-12345678-0", zeroRateExports: "on" });
    expect(refused.status).toBe(400);
  });

  it("refuses a bad TIN, a rate out of 0–100 or with three decimals, two taxes of one name and an unnamed tax, each with its message, saving nothing", async () => {
    await save({ ...GHANA_2026, tin: "C0012345678", zeroRateExports: "on" });
    const before = await getTaxSettings(db());
    const refusals: [Record<string, string>, string, string][] = [
      [{ ...GHANA_2026, tin: "C001234567" }, "tin", TIN_MESSAGE],
      [{ ...GHANA_2026, tin: "00012345678" }, "tin", TIN_MESSAGE],
      [{ ...GHANA_2026, tin: "C00123456789" }, "tin", TIN_MESSAGE],
      [{ ...GHANA_2026, "lines[1].rate": "100.01" }, "lines[1].rate", TAX_RATE_MESSAGE],
      [{ ...GHANA_2026, "lines[1].rate": "-2.5" }, "lines[1].rate", TAX_RATE_MESSAGE],
      [{ ...GHANA_2026, "lines[1].rate": "2.555" }, "lines[1].rate", TAX_RATE_MESSAGE],
      [{ ...GHANA_2026, "lines[1].rate": "" }, "lines[1].rate", TAX_RATE_MESSAGE],
      [{ ...GHANA_2026, "lines[1].name": " vat " }, "lines[1].name", duplicateTaxNameMessage("vat")],
      [{ ...GHANA_2026, "lines[1].name": "  " }, "lines[1].name", TAX_NAME_MESSAGE],
    ];
    for (const [form, field, message] of refusals) {
      const refused = (await save(form)) as {
        status: number;
        body: { ok: boolean; message: string; result?: { error?: Record<string, string[]> } };
      };
      expect(refused.status, field).toBe(400);
      expect(refused.body.ok).toBe(false);
      expect(refused.body.message).toBe(CORRECT_FIELDS);
      expect(refused.body.result?.error?.[field], JSON.stringify(form)).toEqual([message]);
    }
    expect(await getTaxSettings(db())).toEqual(before);
    // A customer is turned away, and nothing changes either.
    expect((await save({ tin: "P0000000001" }, asCustomer())).status).toBe(403);
    expect(await getTaxSettings(db())).toEqual(before);
  });

  it("keeps the settings in force with the order: later changes leave its invoice as it was", async () => {
    await save({ ...GHANA_2026, ...GETFUND, tin: "C0012345678", zeroRateExports: "on" });
    const placed = await order("GH", "GH-AA");
    expect(placed.totalAmount).toBe(124_999); // totals unchanged for the shopper: prices include tax
    expect(await snapshotOf(placed.id)).toEqual({
      pricesIncludeTax: true,
      lines: [
        { name: "VAT", basisPoints: 1500 },
        { name: "NHIL", basisPoints: 250 },
        { name: "GETFund levy", basisPoints: 250 },
      ],
      tin: "C0012345678",
      zeroRated: null,
    });
    const taxed: InvoiceTax = {
      tin: "C0012345678",
      zeroRated: null,
      lines: [
        { label: "VAT 15%", amount: 15_625 },
        { label: "NHIL 2.5%", amount: 2_604 },
        { label: "GETFund levy 2.5%", amount: 2_604 },
      ],
      net: 104_166,
    };
    expect((await invoice(placed.id)).tax).toEqual(taxed);

    // The owner changes everything: the old order's invoice does not move; a new order follows.
    await save({ "lines[0].name": "VAT", "lines[0].rate": "12.5", tin: "P0099999999", zeroRateExports: "on" });
    expect((await invoice(placed.id)).tax).toEqual(taxed);
    expect((await invoice(placed.id, "packing-slip")).tax).toEqual(taxed);
    const later = await order("GH", "GH-AA");
    expect((await invoice(later.id)).tax).toEqual({
      tin: "P0099999999",
      zeroRated: null,
      lines: [{ label: "VAT 12.5%", amount: 13_889 }],
      net: 111_110,
    });

    // An order placed before taxes existed keeps no snapshot: its invoice shows no tax.
    await db().update(orders).set({ taxSnapshot: null }).where(eq(orders.id, placed.id));
    expect((await invoice(placed.id)).tax).toBeNull();
  });

  it("zero-rates an export (the delivery abroad included), and the zones ticked whatever the country", async () => {
    await save({ ...GHANA_2026, tin: "C0012345678", zeroRateExports: "on" });
    const toLondon = await order("GB");
    expect(await snapshotOf(toLondon.id)).toMatchObject({ zeroRated: { reason: "export" } });
    const exported = await invoice(toLondon.id);
    expect(exported.order.totalAmount).toBeGreaterThan(124_999); // the shipping abroad is in it
    expect(exported.tax).toEqual({ tin: "C0012345678", zeroRated: "Zero-rated: export", lines: [], net: exported.order.totalAmount });

    // Exports not zero-rated, but the Rest of Ghana zone is: Lagos is taxed, Kumasi is not.
    await save({ ...GHANA_2026, tin: "C0012345678", zeroRatedZoneIds: String(zoneIds["Rest of Ghana"]) });
    const toLagos = await order("NG");
    expect(await snapshotOf(toLagos.id)).toMatchObject({ zeroRated: null });
    expect((await invoice(toLagos.id)).tax?.lines.map((line) => line.label)).toEqual(["VAT 15%", "NHIL 2.5%"]);
    const toKumasi = await order("GH", "GH-AH");
    expect(await snapshotOf(toKumasi.id)).toMatchObject({ zeroRated: { reason: "zone", zone: "Rest of Ghana" } });
    expect((await invoice(toKumasi.id)).tax).toMatchObject({ zeroRated: "Zero-rated: Rest of Ghana zone", lines: [] });
    const toAccra = await order("GH", "GH-AA");
    expect((await invoice(toAccra.id)).tax?.lines).toHaveLength(2);
  });

  it("keeps the snapshot on a staff draft placed: delivered abroad zero-rated, collected from the showroom taxed", async () => {
    await save({ ...GHANA_2026, ...GETFUND, tin: "C0012345678", zeroRateExports: "on" });
    const staff = { name: "Adwoa Owner", userId: adminId };
    const details: DraftDetails = {
      channel: "whatsapp",
      customerName: "Yaw Asante",
      customerEmail: "yaw.asante@example.com",
      customerPhone: "+44 20 7946 0000",
      delivery: "ship",
      customerAddress: "1 Brixton Road, London",
      customerCountry: "GB",
      customerRegion: null,
      discountAmount: 0,
      discountReason: null,
      depositKind: "none",
      depositValue: 0,
      notes: null,
    };
    const placeDraft = async (overrides: Partial<DraftDetails>) => {
      const { id } = await createDraft(db(), "whatsapp", staff);
      await saveDraftDetails(db(), id, { ...details, ...overrides }, staff);
      await addDraftLine(db(), id, { kind: "product", productId, colorIndex: null, size: "M", quantity: 1, measurements: null }, staff);
      const payment = overrides.delivery === "collect" ? ({ kind: "on-delivery" } as const) : ({ kind: "link", email: false } as const);
      return placeDraftOrder(db(), id, payment, { by: staff, origin: TEST_ORIGIN, storeName: "Ahenfie" });
    };
    const shipped = await placeDraft({});
    expect(await snapshotOf(shipped.orderId)).toEqual({
      pricesIncludeTax: true,
      lines: [
        { name: "VAT", basisPoints: 1500 },
        { name: "NHIL", basisPoints: 250 },
        { name: "GETFund levy", basisPoints: 250 },
      ],
      tin: "C0012345678",
      zeroRated: { reason: "export" },
    });
    // The same London customer collecting in Accra buys in Ghana: taxed.
    const collected = await placeDraft({ delivery: "collect" });
    expect(collected.total).toBe(124_999);
    expect((await invoice(collected.orderId)).tax).toMatchObject({
      zeroRated: null,
      lines: [{ amount: 15_625 }, { amount: 2_604 }, { amount: 2_604 }],
      net: 104_166,
    });
  });

  it("keeps the snapshot on an accepted quote's order: collected from the showroom, taxed", async () => {
    await save({ ...GHANA_2026, tin: "C0012345678", zeroRateExports: "on" });
    const reference = "CR-947001";
    await db()
      .insert(customRequests)
      .values({ reference, name: "Yaa Asantewaa", email: "yaa@example.com", phone: "024 411 8820", garmentType: "Agbada" });
    const today = localDay((await getStoreSettings(db())).timezone);
    const context = { by: { name: "Adwoa Owner" }, origin: TEST_ORIGIN, storeName: "Ahenfie" };
    const written = await writeQuote(
      db(),
      {
        reference,
        lines: [{ description: "Kente agbada woven to order", unitPrice: 124_999, quantity: 1, productionDays: 28 }],
        deposit: { kind: "percent", value: 50 },
        validUntil: addDays(today, 14),
        message: "Woven in Bonwire to your colours.",
      },
      context,
    );
    const accepted = await acceptQuote(db(), written.url.split("/quote/")[1]!, context);
    if (!accepted.ok) throw new Error(accepted.message);
    expect(await snapshotOf(accepted.orderId)).toEqual({
      pricesIncludeTax: true,
      lines: [
        { name: "VAT", basisPoints: 1500 },
        { name: "NHIL", basisPoints: 250 },
      ],
      tin: "C0012345678",
      zeroRated: null,
    });
    // 17.5 % inside ₵1,249.99: ₵186.17 of tax, NHIL taking the missing pesewa (its dropped fraction is larger).
    expect((await invoice(accepted.orderId)).tax).toEqual({
      tin: "C0012345678",
      zeroRated: null,
      lines: [
        { label: "VAT 15%", amount: 15_957 },
        { label: "NHIL 2.5%", amount: 2_660 },
      ],
      net: 106_382,
    });
  });
});
