import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { loader as documentLoader } from "~/routes/admin/order-document";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { StockGoneError } from "~/modules/orders/order-errors";
import { addOrderNote, shipOrder } from "~/modules/orders/order-fulfilment.server";
import { ordersCsv } from "~/modules/orders/orders-csv.server";
import { parseAdminOrderFilters } from "~/modules/orders/order-filters.schema";
import { orderNotes, orders, orderStatusHistory } from "~db/schema/orders";
import { emailOutbox, userRoles } from "~db/schema/store";
import { createProduct, variantOf } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { TEST_ORIGIN, signedInAs, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Fulfilment (issue 12, item 8): marking shipped with a carrier and tracking (one transaction
 * with the status change and the shipped email), correcting it, staff notes (admin only) and
 * messages to the customer (stored and emailed once however often posted), the orders CSV with
 * items, addresses and notes, and admins only for all of it, printable pages included.
 */
describeWithDatabase("order fulfilment", (database) => {
  let adminId: string;
  let customerId: string;
  const sender = { storeName: "Ahenfie", origin: "https://shop.example" };

  beforeAll(async () => {
    adminId = (await createUser(database.db, { name: "Kwame Mensah", email: "kwame.fulfil@example.com" })).id;
    await database.db.insert(userRoles).values({ userId: adminId, role: "owner" });
    customerId = (await createUser(database.db, { name: "Ama Shopper", email: "ama.fulfil@example.com" })).id;
  });
  beforeEach(async () => {
    await database.db.delete(orders);
    await database.db.delete(emailOutbox);
  });

  const asAdmin = () =>
    testLoadContext(database, { auth: signedInAs({ id: adminId, email: "kwame.fulfil@example.com", name: "Kwame Mensah" }) });
  const asCustomer = () =>
    testLoadContext(database, { auth: signedInAs({ id: customerId, email: "ama.fulfil@example.com", name: "Ama" }) });
  const post = (form: Record<string, string>) => {
    const request = samePost("/admin/orders", new URLSearchParams(form));
    request.headers.set("cookie", "ahenfie.session_token=abc");
    return request;
  };
  const act = (form: Record<string, string>, context = asAdmin()) => routeAnswer(ordersAction, { request: post(form), context });
  const emails = () => database.db.select().from(emailOutbox).orderBy(emailOutbox.id);
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const kaftanOrder = () =>
    createOrder(database.db, {
      customerName: "Efua Owusu",
      customerEmail: "efua@example.com",
      customerAddress: "7 Cantonments Road\nAccra",
      customerRegion: "GH-AA",
      shippingZone: "Greater Accra",
      deliveryEstimate: "1–2 working days",
      notes: "Please call before delivery",
      items: [
        { name: "Osu Linen Kaftan", quantity: 2, size: "M", color: "Ivory", unitPrice: 29_999 },
        { name: "Kente Stole", quantity: 1, unitPrice: 15_000 },
      ],
    });

  it("marks an order shipped with DHL and a number: saved with the status, the history and one email naming carrier, number and link", async () => {
    const order = await kaftanOrder();
    const answer = await act({
      intent: "ship",
      orderId: order.id,
      carrier: "dhl",
      carrierOther: "",
      trackingNumber: "1234 567890",
      trackingUrl: "",
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, kind: "fulfilment", intent: "ship" } });

    const saved = await orderRow(order.id);
    const dhlLink = "https://www.dhl.com/gh-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234%20567890";
    expect(saved).toMatchObject({
      orderStatus: "shipped",
      shippingCarrier: "DHL Express",
      trackingNumber: "1234 567890",
      trackingUrl: dhlLink,
    });
    const history = await database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => [h.status, h.changedBy])).toEqual([
      ["processing", "guest"],
      ["shipped", "Kwame Mensah"],
    ]);
    const sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ toAddress: "efua@example.com", kind: "order-status" });
    expect(sent[0]!.text).toContain("Carrier: DHL Express");
    expect(sent[0]!.text).toContain("Tracking number: 1234 567890");
    // Where it goes and how long it takes, as recorded when the order was placed.
    expect(sent[0]!.text).toContain("Delivery to Greater Accra, Ghana (Greater Accra zone): 1–2 working days from dispatch.");
    expect(sent[0]!.text).toContain(`Track your parcel: ${dhlLink}`);
    expect(sent[0]!.html).toContain(`href="${dhlLink.replaceAll("&", "&#38;")}"`);

    // The customer's order page and tracking lookup read the same shipment.
    expect((await getOrderDetails(database.db, order.id))!.shipment).toEqual({
      carrier: "DHL Express",
      trackingNumber: "1234 567890",
      trackingUrl: dhlLink,
    });

    // Posting it again (a double click) saves the tracking and sends nothing more.
    const again = await act({
      intent: "ship",
      orderId: order.id,
      carrier: "dhl",
      carrierOther: "",
      trackingNumber: "1234 567890",
      trackingUrl: "",
    });
    expect(again.body).toMatchObject({ ok: true, message: "The order was already shipped: its tracking has been saved." });
    expect(await emails()).toHaveLength(1);
  });

  it("saves status and tracking in one transaction: when the status change is refused, no tracking is kept and no email queued", async () => {
    const soldOut = await createProduct(database.db, { name: "Last Agbada", stock: 0 });
    const order = await createOrder(database.db, {
      orderStatus: "cancelled",
      items: [
        {
          productId: soldOut.id,
          name: "Last Agbada",
          quantity: 1,
          size: "M",
          variantId: (await variantOf(database.db, soldOut.id, "M")).id,
        },
      ],
    });
    await expect(
      shipOrder(
        database.db,
        order.id,
        { carrier: "FedEx", trackingNumber: "7777", trackingUrl: null },
        { changedBy: "Kwame", notifyCustomer: true },
      ),
    ).rejects.toBeInstanceOf(StockGoneError);
    expect(await orderRow(order.id)).toMatchObject({
      orderStatus: "cancelled",
      shippingCarrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(await emails()).toHaveLength(0);
  });

  it("refuses a tracking link that is not https, and a known carrier without a number, saving nothing", async () => {
    const order = await kaftanOrder();
    const base = { intent: "ship", orderId: order.id, carrier: "ups", carrierOther: "", trackingNumber: "1Z999" };
    for (const trackingUrl of [
      "http://track.example.com/1Z999",
      "javascript:alert(1)",
      "https://user:pw@track.example.com/x",
      "track.example.com",
    ]) {
      const answer = await act({ ...base, trackingUrl });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        ok: false,
        kind: "fulfilment",
        message: "Enter the tracking link as a full https:// address, or leave it empty",
      });
    }
    const noNumber = await act({ ...base, trackingNumber: " ", trackingUrl: "" });
    expect(noNumber.body).toMatchObject({ ok: false, message: "Enter the tracking number the carrier gave you" });
    const otherUnnamed = await act({ ...base, carrier: "other", trackingUrl: "" });
    expect(otherUnnamed.body).toMatchObject({ ok: false, message: "Name the carrier (or your own rider)" });
    expect(await orderRow(order.id)).toMatchObject({ orderStatus: "processing", shippingCarrier: null });
    expect(await emails()).toHaveLength(0);

    // "Other" with its own https link keeps that link as given.
    const rider = await act({
      ...base,
      carrier: "other",
      carrierOther: "Accra rider (Kofi)",
      trackingNumber: "",
      trackingUrl: "https://track.example.com/ab?c=1",
    });
    expect(rider.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      shippingCarrier: "Accra rider (Kofi)",
      trackingNumber: null,
      trackingUrl: "https://track.example.com/ab?c=1",
    });
  });

  it("corrects the tracking of a shipped order without a second email; an unshipped order must be shipped first", async () => {
    const order = await kaftanOrder();
    await act({ intent: "ship", orderId: order.id, carrier: "fedex", carrierOther: "", trackingNumber: "111", trackingUrl: "" });
    expect(await emails()).toHaveLength(1);
    const fixed = await act({
      intent: "tracking",
      orderId: order.id,
      carrier: "aramex",
      carrierOther: "",
      trackingNumber: "999 888",
      trackingUrl: "",
    });
    expect(fixed.body).toMatchObject({ ok: true, message: "Tracking saved. The tracking page shows it now; no email was sent." });
    expect(await orderRow(order.id)).toMatchObject({
      shippingCarrier: "Aramex",
      trackingNumber: "999 888",
      trackingUrl: "https://www.aramex.com/gh/en/track/results?ShipmentNumber=999%20888",
    });
    expect(await emails()).toHaveLength(1);

    const other = await kaftanOrder();
    const refused = await act({
      intent: "tracking",
      orderId: other.id,
      carrier: "dhl",
      carrierOther: "",
      trackingNumber: "1",
      trackingUrl: "",
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { ok: false, message: "Mark the order shipped first: the tracking is saved with it." },
    });
  });

  it("stores a staff note with its author and time; the customer's order page never shows it", async () => {
    const order = await kaftanOrder();
    const answer = await act({ intent: "staff-note", orderId: order.id, body: "  Customer called: collect Friday.\r\nAt the Osu shop.  " });
    expect(answer.body).toMatchObject({ ok: true, message: "Note added. Only staff see it." });
    const [note] = await database.db.select().from(orderNotes);
    expect(note).toMatchObject({
      kind: "staff",
      body: "Customer called: collect Friday.\nAt the Osu shop.",
      authorId: adminId,
      authorName: "Kwame Mensah",
    });
    expect(Date.now() - note!.createdAt.getTime()).toBeLessThan(60_000);
    expect(await emails()).toHaveLength(0);

    const customerView = await getOrderDetails(database.db, order.id);
    expect(customerView!.messages).toEqual([]);
    expect(JSON.stringify(customerView)).not.toContain("collect Friday");

    const adminPage = (await routeAnswer(ordersLoader, {
      request: new Request(`${TEST_ORIGIN}/admin/orders?order=${order.id}`, { headers: { cookie: "ahenfie.session_token=abc" } }),
      context: asAdmin(),
    })) as { body: { details: { staffNotes: { body: string; authorName: string }[] } } };
    expect(adminPage.body.details.staffNotes).toMatchObject([
      { body: "Customer called: collect Friday.\nAt the Osu shop.", authorName: "Kwame Mensah" },
    ]);

    const empty = await act({ intent: "staff-note", orderId: order.id, body: "   " });
    expect(empty).toMatchObject({ status: 400, body: { message: "Write the note first" } });
    const tooLong = await act({ intent: "staff-note", orderId: order.id, body: "x".repeat(2_001) });
    expect(tooLong.body).toMatchObject({ message: "Keep it to 2000 characters" });
    const control = await act({ intent: "staff-note", orderId: order.id, body: "bad\u0000note" });
    expect(control.status).toBe(400);
    expect(await database.db.select().from(orderNotes)).toHaveLength(1);
  });

  it("a message to the customer is stored and emailed once, even when posted twice at the same time; the order page shows it", async () => {
    const order = await kaftanOrder();
    const form = { intent: "customer-message", orderId: order.id, body: "Your kaftan is being hemmed today; it ships tomorrow." };
    const [first, second] = await Promise.all([act(form), act(form)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body, second.body]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: "Message sent. The customer has been emailed and sees it on their order page." }),
        expect.objectContaining({ message: "This message was already sent." }),
      ]),
    );
    expect(await database.db.select().from(orderNotes)).toHaveLength(1);
    const sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      toAddress: "efua@example.com",
      kind: "order-message",
      subject: `Ahenfie: a message about order ${order.orderNumber}`,
    });
    expect(sent[0]!.text).toContain("Your kaftan is being hemmed today; it ships tomorrow.");
    expect(sent[0]!.text).toContain(`/order-confirmation/${order.id}`);

    const customerView = await getOrderDetails(database.db, order.id);
    expect(customerView!.messages).toEqual([{ body: form.body, createdAt: expect.any(String) }]);

    // A different message is a new one.
    await addOrderNote(
      database.db,
      { orderId: order.id, kind: "customer", body: "It has shipped.", author: { id: adminId, name: "Kwame" } },
      sender,
    );
    expect(await emails()).toHaveLength(2);
  });

  it("the orders CSV carries items, the shipping address, country, region, zone, estimate, carrier, tracking and all notes, formulas guarded", async () => {
    const order = await kaftanOrder();
    await act({ intent: "ship", orderId: order.id, carrier: "dhl", carrierOther: "", trackingNumber: "55", trackingUrl: "" });
    await act({ intent: "staff-note", orderId: order.id, body: '=HYPERLINK("x")' });
    await act({ intent: "customer-message", orderId: order.id, body: "On its way" });
    const csv = await ordersCsv(database.db, parseAdminOrderFilters(new URLSearchParams()), { timeZone: "Africa/Accra", batchSize: 1 });
    const [header] = csv.split("\r\n");
    expect(header).toBe(
      "Order number,Date (Africa/Accra),Customer,Email,Phone,Status,Payment,Method,Currency,Total,Paid,Refunded,Net,Outstanding,Items,Shipping address,Country,Region,Shipping zone,Delivery estimate,Carrier,Tracking number,Customer notes,Staff notes,Messages to customer,Discount code,Discount saved",
    );
    expect(csv).toContain("2 × Osu Linen Kaftan (M, Ivory); 1 × Kente Stole");
    expect(csv).toContain(
      '"7 Cantonments Road\nAccra",Ghana,Greater Accra,Greater Accra,1–2 working days,DHL Express,55,Please call before delivery,',
    );
    // A note that starts with "=" is written as text, after its date and author.
    expect(csv).toMatch(/,"\d{4}-\d\d-\d\d \d\d:\d\d Kwame Mensah: =HYPERLINK\(""x""\)",/);
    expect(csv).toMatch(/\d\d:\d\d Kwame Mensah: On its way,,\r\n$/);
  });

  it("refuses every fulfilment form and the printable pages to a customer; an admin gets them, never cached", async () => {
    const order = await kaftanOrder();
    const forms: Record<string, string>[] = [
      { intent: "ship", orderId: order.id, carrier: "dhl", carrierOther: "", trackingNumber: "1", trackingUrl: "" },
      { intent: "tracking", orderId: order.id, carrier: "dhl", carrierOther: "", trackingNumber: "1", trackingUrl: "" },
      { intent: "staff-note", orderId: order.id, body: "hi" },
      { intent: "customer-message", orderId: order.id, body: "hi" },
    ];
    for (const form of forms) {
      expect((await act(form, asCustomer())).status).toBe(403);
    }
    expect(await database.db.select().from(orderNotes)).toHaveLength(0);
    expect((await orderRow(order.id)).orderStatus).toBe("processing");

    const page = (document: string, context = asAdmin()) =>
      routeAnswer(documentLoader, {
        request: new Request(`${TEST_ORIGIN}/admin/orders/${order.id}/${document}`, { headers: { cookie: "ahenfie.session_token=abc" } }),
        context,
        params: { orderId: order.id, document },
      });
    const refused = await page("invoice", asCustomer());
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    const invoice = await page("invoice");
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("cache-control")).toBe("private, no-store");
    expect(invoice.body).toMatchObject({
      kind: "invoice",
      shop: { name: "Ahenfie" },
      order: {
        orderNumber: order.orderNumber,
        subtotalAmount: 74_998,
        totalAmount: 74_998,
        items: [{ lineTotal: 59_998 }, { lineTotal: 15_000 }],
      },
    });
    expect((await page("packing-slip")).body).toMatchObject({
      kind: "packing-slip",
      order: { country: "Greater Accra, Ghana", delivery: "Greater Accra zone · 1–2 working days" },
    });
    expect((await page("receipt")).status).toBe(404);
  });
});
