import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { customerMeasurements, customRequests } from "~db/schema/custom";
import { emailOutbox, userRoles } from "~db/schema/store";
import { localDay } from "~/lib/dates";
import { addDays } from "~/modules/custom-requests/custom-request.schema";
import { CUSTOM_REQUEST_LIMIT } from "~/modules/custom-requests/custom-request-action.server";
import { resetRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/custom-requests";
import { loader as photoLoader } from "~/routes/admin/custom-request-photo";
import { loader as myMeasurementsLoader } from "~/routes/api/my-measurements";
import { action as requestAction } from "~/routes/storefront/custom-order-request";
import { createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { uploadedPaths } from "../setup/uploaded-files";

type Person = { id: string; email: string; name: string };

/**
 * Custom order requests (docs/product-rules.md §13 "Sizes, colours and made to measure"): checked on the
 * server, stored with both emails in one go, rate limited per address, photos private, and
 * only staff read the list, the photos and change a status.
 */
describeWithDatabase("custom order requests", (database) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "custom-requests-"));
  let customer: Person;
  let admin: Person;
  let today: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    const person = async (name: string) => {
      const user = await createUser(database.db, { name });
      return { id: user.id, email: user.email, name: user.name };
    };
    customer = await person("Kwame Asante");
    admin = await person("Workshop Owner");
    await database.db.insert(userRoles).values({ userId: admin.id, role: "owner" });
    today = localDay((await getStoreSettings(database.db)).timezone);
    jpeg = await sharp({ create: { width: 64, height: 80, channels: 3, background: "#8c2a1c" } })
      .jpeg()
      .toBuffer();
  });
  beforeEach(async () => {
    await database.db.delete(customRequests);
    await database.db.delete(emailOutbox);
    await resetRateLimit(database.db, "custom-request:ip:127.0.0.1");
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const context = (who: Person | null) => {
    const base = testLoadContext(database, who ? { auth: signedInAs(who) } : {});
    return { ...base, config: { ...base.config, dataDir } };
  };

  const measurements = {
    "measurements.unit": "cm",
    "measurements.values.chest": "104",
    "measurements.values.waist": "90",
    "measurements.values.hips": "102",
    "measurements.values.shoulder": "47",
    "measurements.values.sleeve": "64",
    "measurements.values.topLength": "78",
    "measurements.values.trouserLength": "104",
    "measurements.values.inseam": "80",
    "measurements.values.neck": "41",
    "measurements.values.height": "180",
  };
  const valid = () => ({
    name: "Kwame Asante",
    email: "kwame.asante@example.com",
    phone: "+233 24 555 0199",
    garmentType: "Agbada",
    occasion: "Our wedding",
    dateNeeded: addDays(today, 60),
    budget: "2500-5000",
    notes: "Ivory with gold embroidery at the neck.",
  });

  async function post(
    who: Person | null,
    fields: Record<string, string>,
    photos: { name: string; type: string; bytes: Uint8Array }[] = [],
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const photo of photos) form.append("photos", new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
    // Encoded as a browser sends it, with its Content-Length.
    const encoded = new Request(TEST_ORIGIN, { method: "POST", body: form });
    const body = await encoded.arrayBuffer();
    const headers = new Headers({
      origin: TEST_ORIGIN,
      "content-type": encoded.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    });
    if (who) headers.set("cookie", "ahenfie.session_token=test");
    const request = new Request(`${TEST_ORIGIN}/custom-orders/request`, { method: "POST", headers, body });
    return routeAnswer(requestAction, { request, context: context(who) });
  }

  const errorsOf = (answer: { body: unknown }) =>
    (answer.body as { result?: { error?: Record<string, string[]> } }).result?.error ?? ({} as Record<string, string[]>);
  const photo = () => ({ name: "agbada.jpg", type: "image/jpeg", bytes: jpeg });

  it("stores a valid request with its measurements and photo, and queues the shop's email and the customer's confirmation", async () => {
    const answer = await post(customer, { ...valid(), includeMeasurements: "on", ...measurements }, [photo()]);
    expect(answer.status).toBe(200);
    const { reference } = answer.body as { ok: true; reference: string };
    expect(reference).toMatch(/^CR-\d{6}$/);

    const [row] = await database.db.select().from(customRequests);
    expect(row).toMatchObject({
      reference,
      userId: customer.id,
      garmentType: "Agbada",
      budget: "₵2,500–₵5,000",
      status: "new",
      measurements: { unit: "cm", values: { chest: 104, height: 180 } },
    });
    expect(row!.photos).toHaveLength(1);
    // Private: stored apart from the public photos (never under /uploads/), and nothing on disk.
    expect(await uploadedPaths(database.db)).toEqual([`custom-requests/${row!.photos[0]!}`]);
    expect(fs.readdirSync(dataDir)).toEqual([]);

    const emails = await database.db.select().from(emailOutbox);
    const shop = emails.find((e) => e.kind === "custom-request-alert");
    const confirmation = emails.find((e) => e.kind === "custom-request-received");
    expect(emails).toHaveLength(2);
    // The staff read it, not the sample contact address nobody owns (docs/product-rules.md §13 "Bringing shoppers back").
    expect(shop?.toAddress).toBe(admin.email);
    expect(shop?.text).toContain("Phone or WhatsApp: +233 24 555 0199");
    expect(shop?.text).toContain("Chest: 104 cm");
    expect(shop?.text).toContain("Height: 180 cm");
    expect(shop?.text).toContain(reference);
    expect(confirmation?.toAddress).toBe("kwame.asante@example.com");
    expect(confirmation?.subject).toContain(reference);
    expect(confirmation?.text).toContain("What happens next");

    // The signed-in customer's measurements are kept and offered next time.
    const saved = await routeAnswer(myMeasurementsLoader, {
      request: new Request(`${TEST_ORIGIN}/api/my-measurements`, { headers: { cookie: "ahenfie.session_token=test" } }),
      context: context(customer),
    });
    expect(saved.body).toMatchObject({
      signedIn: true,
      measurements: { unit: "cm", values: { chest: 104 } },
      saved: { kind: "request", from: expect.stringMatching(new RegExp(`^custom request ${reference} of \\d{1,2} [A-Z][a-z]{2} \\d{4}$`)) },
    });
    expect(saved.headers.get("cache-control")).toBe("private, no-store");
    await database.db.delete(customerMeasurements);
  });

  it("refuses an impossible measurement with its message, keeping what was typed", async () => {
    const answer = await post(null, { ...valid(), includeMeasurements: "on", ...measurements, "measurements.values.chest": "400" });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)["measurements.values.chest"]?.[0]).toBe(
      "A chest of 400 cm is outside what we can make (60–180 cm). Please measure again.",
    );
    expect((answer.body as { result: { initialValue: { name: string } } }).result.initialValue.name).toBe("Kwame Asante");
    expect(await database.db.select().from(customRequests)).toHaveLength(0);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("refuses a date in the past", async () => {
    const answer = await post(null, { ...valid(), dateNeeded: addDays(today, -1) });
    expect(answer.status).toBe(400);
    expect(errorsOf(answer).dateNeeded?.[0]).toBe("The date needed cannot be in the past");
    expect(await database.db.select().from(customRequests)).toHaveLength(0);
  });

  it("refuses a 'photo' that is not an image, and four photos, storing nothing", async () => {
    const storedFiles = () => uploadedPaths(database.db);
    const filesBefore = await storedFiles();
    const fake = await post(null, valid(), [
      { name: "holiday.jpg", type: "image/jpeg", bytes: new TextEncoder().encode("not a picture at all") },
    ]);
    expect(fake.status).toBe(400);
    expect(errorsOf(fake).photos?.[0]).toBe("The file is not a readable image. Please upload a JPEG, PNG or WebP picture.");
    expect((fake.body as { photosSent: boolean }).photosSent).toBe(true);

    const four = await post(null, valid(), [photo(), photo(), photo(), photo()]);
    expect(four.status).toBe(400);
    expect(errorsOf(four).photos?.[0]).toBe("Choose at most 3 photos.");
    expect(await database.db.select().from(customRequests)).toHaveLength(0);
    // No file was kept for the refused requests.
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("answers 429 with a friendly message after the limit per address", async () => {
    for (let i = 0; i < CUSTOM_REQUEST_LIMIT.limit; i++) expect((await post(null, valid())).status).toBe(200);
    const refused = await post(null, valid());
    expect(refused.status).toBe(429);
    expect(errorsOf(refused)[""]?.[0]).toMatch(/^You have sent several requests in a short time\. Please wait \d+ minutes? and try again/);
    expect(await database.db.select().from(customRequests)).toHaveLength(CUSTOM_REQUEST_LIMIT.limit);
  });

  it("takes the client's slot before reading the body: of concurrent posts over the limit, none is read", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(valid())) form.append(name, value);
    form.append("photos", new File([new Uint8Array(jpeg)], "agbada.jpg", { type: "image/jpeg" }));
    const encoded = new Request(TEST_ORIGIN, { method: "POST", body: form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let bodiesRead = 0;
    const send = () => {
      // A body that counts itself read the first time the action asks for it (highWaterMark 0: nothing before).
      let counted = false;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (!counted) bodiesRead += 1;
            counted = true;
            controller.enqueue(bytes);
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const headers = new Headers({
        origin: TEST_ORIGIN,
        "content-type": encoded.headers.get("content-type")!,
        "content-length": String(bytes.byteLength),
      });
      const request = new Request(`${TEST_ORIGIN}/custom-orders/request`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
      return routeAnswer(requestAction, { request, context: context(null) });
    };
    const answers = await Promise.all(Array.from({ length: CUSTOM_REQUEST_LIMIT.limit + 4 }, send));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(CUSTOM_REQUEST_LIMIT.limit).fill(200), ...Array(4).fill(429)]);
    expect(bodiesRead).toBe(CUSTOM_REQUEST_LIMIT.limit);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(errorsOf(refused)[""]?.[0]).toMatch(/^You have sent several requests in a short time/);
    expect(await database.db.select().from(customRequests)).toHaveLength(CUSTOM_REQUEST_LIMIT.limit);
  });

  it("keeps the slot of a post whose photo is refused, or whose body is too large: such posts are counted until 429", async () => {
    const junk = { name: "holiday.jpg", type: "image/jpeg", bytes: new Uint8Array(200 * 1024).fill(7) };
    for (let i = 0; i < CUSTOM_REQUEST_LIMIT.limit - 1; i++) {
      const refused = await post(null, valid(), [junk]);
      expect(refused.status).toBe(400);
      expect(errorsOf(refused).photos?.[0]).toBe("The file is not a readable image. Please upload a JPEG, PNG or WebP picture.");
    }
    // A guest's body over the guest limit (declared) is refused with what to do, and counted too.
    const form = new FormData();
    for (const [name, value] of Object.entries(valid())) form.append(name, value);
    const large = new Request(`${TEST_ORIGIN}/custom-orders/request`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-length": String(14 * 1024 * 1024) },
      body: form,
    });
    const tooLarge = await routeAnswer(requestAction, { request: large, context: context(null) });
    expect(tooLarge.status).toBe(413);
    expect(errorsOf(tooLarge)[""]?.[0]).toBe(
      "These photos are too large to send together: without signing in, up to 12 MB in all. Choose smaller photos, or sign in to send up to three photos of 8 MB each.",
    );
    // The slots are spent: even a good request now waits.
    const next = await post(null, valid(), [photo()]);
    expect(next.status).toBe(429);
    expect(await database.db.select().from(customRequests)).toHaveLength(0);
  });

  it("gives the slot back to a small photo-less post refused for its fields (a typo costs nothing)", async () => {
    for (let i = 0; i < CUSTOM_REQUEST_LIMIT.limit + 2; i++) {
      const answer = await post(null, { ...valid(), dateNeeded: addDays(today, -1) });
      expect(answer.status).toBe(400);
    }
    expect((await post(null, valid())).status).toBe(200);
  });

  it("lets staff read the list, the details, a photo and set a status; a customer can do none of it", async () => {
    const sent = await post(null, valid(), [photo()]);
    const { reference } = sent.body as { reference: string };
    const [row] = await database.db.select().from(customRequests);
    const photoName = row!.photos[0]!;
    const get = (who: Person, url: string, loader: typeof adminLoader | typeof photoLoader, params: Record<string, string> = {}) =>
      routeAnswer(loader, {
        request: new Request(`${TEST_ORIGIN}${url}`, { headers: { cookie: "ahenfie.session_token=test" } }),
        context: context(who),
        params,
      });
    const setStatus = (who: Person) =>
      routeAnswer(adminAction, {
        request: new Request(`${TEST_ORIGIN}/admin/custom-requests`, {
          method: "POST",
          headers: { origin: TEST_ORIGIN, cookie: "ahenfie.session_token=test", "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ reference, status: "quoted", staffNotes: "Quoted ₵4,200 by WhatsApp." }),
        }),
        context: context(who),
      });

    // A customer: pages send them home, posts are refused; nothing is shown or changed.
    for (const page of [
      await get(customer, `/admin/custom-requests?request=${reference}`, adminLoader),
      await get(customer, `/admin/custom-requests/photos/${photoName}`, photoLoader, { name: photoName }),
    ]) {
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
    }
    expect((await setStatus(customer)).status).toBe(403);
    expect((await database.db.select().from(customRequests))[0]!.status).toBe("new");

    // Staff.
    const page = await get(admin, `/admin/custom-requests?request=${reference}`, adminLoader);
    const loaded = page.body as { list: { rows: { reference: string }[] }; summary: { new: number }; details: { name: string } };
    expect(loaded.list.rows.map((r) => r.reference)).toEqual([reference]);
    expect(loaded.summary.new).toBe(1);
    expect(loaded.details.name).toBe("Kwame Asante");
    const image = await get(admin, `/admin/custom-requests/photos/${photoName}`, photoLoader, { name: photoName });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    // A file that is no request's photo is not served, even to staff.
    const other = "0".repeat(32) + ".webp";
    expect((await get(admin, `/admin/custom-requests/photos/${other}`, photoLoader, { name: other })).status).toBe(404);

    const saved = await setStatus(admin);
    expect(saved.body).toMatchObject({ ok: true, changed: true, message: `${reference} is quoted.` });
    expect((await database.db.select().from(customRequests))[0]).toMatchObject({
      status: "quoted",
      staffNotes: "Quoted ₵4,200 by WhatsApp.",
    });
  });
});
