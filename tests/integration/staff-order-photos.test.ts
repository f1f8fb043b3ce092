import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { getAdminOrderDetails } from "~/modules/orders/order-list.server";
import { getOrderDetails } from "~/modules/orders/order-details.server";
import { paymentLinkView } from "~/modules/payments/payment-links.server";
import { createDraft, getDraft, pricedDraft } from "~/modules/staff-orders/draft-orders.server";
import { readUploadedFile } from "~/modules/uploads/uploaded-files.server";
import { orderItems } from "~db/schema/orders";
import { uploadedFiles } from "~db/schema/uploads";
import { createAdmin } from "../factories/users";
import { signedInAs, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * A custom piece's optional photo on an order taken by staff (issue 46: "a custom line:
 * description, price, production time, optional photo"), through the draft editor's own action,
 * on both databases: the photo is checked by its content and stored as product photos are, the
 * order placed from the draft keeps it on its line (its details, the customer's page, the payment
 * link's page), and a file that is not a picture is refused in words while the draft keeps
 * everything else staff typed.
 */
const NOT_AN_IMAGE = "The file is not a readable image. Please upload a JPEG, PNG or WebP picture.";
const WRONG_TYPE = "Only JPEG, PNG and WebP images can be uploaded.";
const STORED_PHOTO = /^\/uploads\/products\/[0-9a-f]{32}$/;

describeWithDatabase("a custom piece's photo on a staff order", (database) => {
  const db = () => database.db;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    admin = await createAdmin(db(), { name: "Esi Boateng" });
  });

  const details = {
    channel: "whatsapp",
    customerName: "Kofi Mensah",
    customerEmail: "kofi.mensah@example.com",
    customerPhone: "024 411 8820",
    delivery: "collect",
    customerCountry: "GH",
    depositKind: "none",
  };
  const agbada = {
    customDescription: "Wedding agbada in family kente",
    customPrice: "2,500",
    customQuantity: "1",
    customDays: "21",
  };

  /** The editor's form as the browser sends it (multipart), with a file in the photo field when given. */
  async function post(draftId: string, fields: Record<string, string>, photo?: File | string) {
    const { action } = await import("~/routes/admin/draft-order");
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (photo !== undefined) form.set("customPhoto", photo);
    const request = samePost(`/admin/orders/drafts/${draftId}`, form, null);
    request.headers.set("cookie", "ahenfie.session_token=abc");
    return routeAnswer(action, { request, context: testLoadContext(database, { auth: signedInAs(admin) }), params: { draftId } });
  }
  const newDraft = async () => (await createDraft(db(), "whatsapp", { name: "Esi Boateng", userId: admin.id })).id;
  const storedFiles = async () =>
    (
      await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(uploadedFiles)
    )[0]!.count;

  it("a custom piece added with its photo keeps it on the order placed from the draft, its details and its payment link's page", async () => {
    const draftId = await newDraft();
    const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#8c2a1c" } })
      .jpeg()
      .toBuffer();
    const added = await post(
      draftId,
      { ...details, intent: "add-custom", ...agbada },
      new File([jpeg], "agbada.jpg", { type: "image/jpeg" }),
    );
    expect(added.status).toBe(302);

    const [line] = (await pricedDraft(db(), await getDraft(db(), draftId))).lines;
    expect(line).toMatchObject({ kind: "custom", name: "Wedding agbada in family kente", unitPrice: 250_000 });
    const photo = line!.imageUrl!;
    expect(photo).toMatch(STORED_PHOTO);
    // Stored as a product photo: upright WebP cut to the storefront's 4:5 frame at each width.
    const thumbnail = await readUploadedFile(db(), `${photo.slice("/uploads/".length)}-240.webp`);
    expect(await sharp(thumbnail!.bytes).metadata()).toMatchObject({ format: "webp", width: 240, height: 300 });

    const placed = await post(draftId, { ...details, intent: "place-link" });
    expect(placed).toMatchObject({ status: 200, body: { ok: true, placed: { total: 250_000 } } });
    const { orderId, link } = (placed.body as { placed: { orderId: string; link: { url: string } } }).placed;
    expect(
      await db().select({ kind: orderItems.kind, imageUrl: orderItems.imageUrl }).from(orderItems).where(eq(orderItems.orderId, orderId)),
    ).toEqual([{ kind: "custom", imageUrl: photo }]);
    // Where the line is shown: the admin's order details, the customer's order page, the payment link's page.
    expect((await getAdminOrderDetails(db(), orderId)).items.map((i) => i.imageUrl)).toEqual([photo]);
    expect((await getOrderDetails(db(), orderId))!.items.map((i) => i.imageUrl)).toEqual([photo]);
    const view = await paymentLinkView(db(), link.url.split("/pay/")[1]!);
    expect(view).toMatchObject({ state: "open", link: { lines: [{ name: "Wedding agbada in family kente", imageUrl: photo }] } });
  });

  it("a file that is not a picture is refused with its message; the draft keeps what was typed and gains no line", async () => {
    const draftId = await newDraft();
    const before = await storedFiles();
    const typed = { ...details, customerName: "Ama Asante", notes: "Fitting on Saturday morning", intent: "add-custom", ...agbada };

    // Named and declared a JPEG, but text: its bytes decide.
    const text = await post(draftId, typed, new File(["not a picture at all"], "agbada.jpg", { type: "image/jpeg" }));
    expect(text).toMatchObject({
      status: 400,
      body: {
        ok: false,
        message: NOT_AN_IMAGE,
        fieldErrors: { customPhoto: NOT_AN_IMAGE },
        // Sent back so a page rendered anew shows the piece as typed.
        custom: { description: "Wedding agbada in family kente", price: "2,500", quantity: "1", days: "21" },
      },
    });
    // A real picture of a type the shop does not take, declared a PNG.
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#123456" } })
      .gif()
      .toBuffer();
    const wrongType = await post(draftId, typed, new File([gif], "agbada.png", { type: "image/png" }));
    expect(wrongType).toMatchObject({ status: 400, body: { ok: false, message: WRONG_TYPE, fieldErrors: { customPhoto: WRONG_TYPE } } });

    const draft = await getDraft(db(), draftId);
    expect(draft).toMatchObject({
      customerName: "Ama Asante",
      customerEmail: "kofi.mensah@example.com",
      notes: "Fitting on Saturday morning",
    });
    expect(draft.lines).toEqual([]);
    expect(await storedFiles()).toBe(before);

    // A picture's address typed into the photo field (a forged form) is not a photo: the piece is added without one.
    const forged = await post(draftId, typed, `/uploads/products/${"a".repeat(32)}`);
    expect(forged.status).toBe(302);
    const [line] = (await pricedDraft(db(), await getDraft(db(), draftId))).lines;
    expect(line).toMatchObject({ kind: "custom", imageUrl: null });
  });
});
