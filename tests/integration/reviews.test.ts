import { eq } from "drizzle-orm";
import { Hono } from "hono";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { productReviews } from "~db/schema/customers";
import { userRoles } from "~db/schema/store";
import { approvedReviews, loadProductReviews, productReviewSummary } from "~/modules/reviews/product-reviews.server";
import { listReviewsForAdmin, moderateReview, reviewAdminSummary } from "~/modules/reviews/review-moderation.server";
import { reviewsJsonLd } from "~/modules/reviews/review-structured-data";
import { reviewPhotoVisible } from "~/modules/reviews/review-photos.server";
import { reviewStanding } from "~/modules/reviews/reviews.server";
import { onStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { action as reviewPageAction } from "~/routes/storefront/write-review";
import { action as adminReviewsAction } from "~/routes/admin/reviews";
import { createProduct } from "../factories/catalog";
import { createOrder } from "../factories/orders";
import { createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";
import { createLogger } from "../../server/logger";
import { serveUploads } from "../../server/uploads";

type Person = { id: string; email: string; name: string };

/**
 * Real reviews (docs/product-rules.md §13 "Reviews are real"): only a buyer of a delivered order reviews,
 * one review per customer and product, only approved reviews count, and only admins moderate.
 */
describeWithDatabase("product reviews", (database) => {
  let productId: number;
  let otherProductId: number;
  let buyer: Person;
  let second: Person;
  let stranger: Person;
  let admin: Person;

  const person = async (name: string): Promise<Person> => {
    const user = await createUser(database.db, { name });
    return { id: user.id, email: user.email, name: user.name };
  };

  beforeAll(async () => {
    productId = (await createProduct(database.db, { name: "Kente Kaftan" })).id;
    otherProductId = (await createProduct(database.db, { name: "Adinkra Shirt" })).id;
    buyer = await person("ama.mensah.1990");
    second = await person("Kofi Boateng");
    stranger = await person("Yaw Owusu");
    admin = await person("Shop Owner");
    await database.db.insert(userRoles).values({ userId: admin.id, role: "owner" });
    await createOrder(database.db, { userId: buyer.id, customerName: "Ama Mensah", orderStatus: "delivered", items: [{ productId }] });
    await createOrder(database.db, { userId: second.id, customerName: "Kofi Boateng", orderStatus: "delivered", items: [{ productId }] });
  });
  beforeEach(async () => {
    await database.db.delete(productReviews);
  });

  /** A post of the review form for `productId`, as `who` (null: nobody signed in). */
  function postReview(who: Person | null, form: Record<string, string>, id = productId) {
    const headers = new Headers({ origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" });
    if (who) headers.set("cookie", "ahenfie.session_token=test");
    const request = new Request(`${TEST_ORIGIN}/product/${id}/review`, { method: "POST", headers, body: new URLSearchParams(form) });
    const context = testLoadContext(database, who ? { auth: signedInAs(who) } : {});
    return routeAnswer(reviewPageAction, { request, context, params: { productId: String(id) } });
  }

  function postModeration(who: Person, form: Record<string, string>) {
    const headers = new Headers({
      origin: TEST_ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      cookie: "ahenfie.session_token=test",
    });
    const request = new Request(`${TEST_ORIGIN}/admin/reviews`, { method: "POST", headers, body: new URLSearchParams(form) });
    return routeAnswer(adminReviewsAction, { request, context: testLoadContext(database, { auth: signedInAs(who) }) });
  }

  const good = { rating: "5", title: "Fits like a dream", body: "The cloth is rich and the tailoring is perfect." };
  const reviewRows = () => database.db.select().from(productReviews);

  it("keeps a review's photo private until staff approve it, and out of public view once they hide it; staff and the author see it", async () => {
    const bytes = await sharp({ create: { width: 600, height: 750, channels: 3, background: "#7a2e1f" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries(good)) form.append(name, value);
    form.append("photo", new File([new Uint8Array(bytes)], "kaftan.jpg", { type: "image/jpeg" }));
    const request = new Request(`${TEST_ORIGIN}/product/${productId}/review`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: "ahenfie.session_token=test" },
      body: form,
    });
    const posted = await routeAnswer(reviewPageAction, {
      request,
      context: testLoadContext(database, { auth: signedInAs(buyer) }),
      params: { productId: String(productId) },
    });
    expect(posted.status).toBe(200);
    const [row] = await reviewRows();
    // Named by random bytes, not by a hash of the photo the uploader could compute.
    expect(row!.photoUrl).toMatch(/^\/uploads\/reviews\/[0-9a-f]{32}$/);
    const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    expect(row!.photoUrl).not.toContain(hash);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "review-photos-"));
    const logger = createLogger("silent");
    const get = async (who: Person | null, url: string) => {
      const app = new Hono();
      const context = testLoadContext(database, who ? { auth: signedInAs(who) } : {});
      app.use(
        "/uploads/*",
        serveUploads(database.db, dataDir, logger, (req, filePath) => reviewPhotoVisible(req, filePath, context)),
      );
      app.all("*", (c) => c.text("Page not found", 404));
      return app.request(url, { headers: who ? { cookie: "ahenfie.session_token=test" } : {} });
    };
    const photo = `${row!.photoUrl}-480.webp`;
    try {
      // Pending: a guest and another customer get nothing, nor under the old public name.
      expect((await get(null, photo)).status).toBe(404);
      expect((await get(stranger, photo)).status).toBe(404);
      expect((await get(null, `/uploads/products/${hash}-480.webp`)).status).toBe(404);
      // Staff (the admin's reviews list) and the author (their own form) see it, never cached publicly.
      for (const who of [admin, buyer]) {
        const seen = await get(who, photo);
        expect(seen.status).toBe(200);
        expect(seen.headers.get("content-type")).toBe("image/webp");
        expect(seen.headers.get("cache-control")).toBe("private, no-store");
      }
      // Approved: public, for a minute at a time.
      await moderateReview(database.db, row!.id, "approved", "Owner");
      const approved = await get(null, photo);
      expect(approved.status).toBe(200);
      expect(approved.headers.get("cache-control")).toBe("public, max-age=60");
      // Hidden: gone from public view at once (no copy on this instance's disk serves it), staff still see it.
      await moderateReview(database.db, row!.id, "hidden", "Owner");
      expect((await get(null, photo)).status).toBe(404);
      expect((await get(admin, photo)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, "uploads", "reviews"))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a guest: sent to sign in, nothing stored", async () => {
    const answer = await postReview(null, good);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toContain("/auth?redirectTo=");
    expect(await reviewRows()).toHaveLength(0);
  });

  it("refuses a customer without an order, one whose order is not delivered, and one holding another customer's order", async () => {
    const refusal = "Only customers whose order with this piece has been delivered can review it.";
    // No order at all.
    const none = await postReview(stranger, good);
    expect(none.status).toBe(403);
    expect(JSON.stringify(none.body)).toContain(refusal);
    // Orders of their own with the piece, but none delivered yet.
    const waiting = await person("Esi Asante");
    await createOrder(database.db, { userId: waiting.id, orderStatus: "shipped", items: [{ productId }] });
    await createOrder(database.db, { userId: waiting.id, orderStatus: "processing", items: [{ productId }] });
    expect((await postReview(waiting, good)).status).toBe(403);
    // A delivered order, but of another product.
    const elsewhere = await person("Akua Darko");
    await createOrder(database.db, { userId: elsewhere.id, orderStatus: "delivered", items: [{ productId: otherProductId }] });
    expect((await postReview(elsewhere, good)).status).toBe(403);
    // A delivered guest order with the stranger's email: not theirs until it belongs to the account.
    await createOrder(database.db, { userId: null, customerEmail: stranger.email, orderStatus: "delivered", items: [{ productId }] });
    expect((await postReview(stranger, good)).status).toBe(403);
    expect(await reviewRows()).toHaveLength(0);
    expect(await reviewStanding(database.db, stranger.id, productId)).toEqual({ signedIn: true, eligible: false, review: null });
  });

  it("takes the review of a buyer whose order was delivered, pending; a second submit edits the same review", async () => {
    expect((await reviewStanding(database.db, buyer.id, productId)).eligible).toBe(true);
    const first = await postReview(buyer, good);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, created: true });
    const [row] = await reviewRows();
    expect(row).toMatchObject({ rating: 5, title: "Fits like a dream", status: "pending", authorName: "Ama Mensah", userId: buyer.id });
    expect(row!.orderId).not.toBeNull();

    // Approved, then edited: one row still, back to pending, moderation cleared.
    await moderateReview(database.db, row!.id, "approved", "Owner");
    const again = await postReview(buyer, { rating: "3", title: "", body: "The sleeves run a little long for me." });
    expect(again.body).toEqual({ ok: true, created: false });
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: row!.id, rating: 3, title: null, status: "pending", moderatedBy: null, moderatedAt: null });
    const standing = await reviewStanding(database.db, buyer.id, productId);
    expect(standing.review).toMatchObject({ status: "pending", rating: 3, body: "The sleeves run a little long for me." });
  });

  it("checks every field on the server: stars 1–5, title ≤ 120, text 10–2,000, no control characters", async () => {
    const refusedField = async (form: Record<string, string>, field: string) => {
      const answer = await postReview(buyer, form);
      expect(answer.status).toBe(400);
      const result = (answer.body as { result: { error: Record<string, string[]> } }).result;
      expect(Object.keys(result.error)).toContain(field);
      return result.error[field]?.[0];
    };
    expect(await refusedField({ ...good, rating: "6" }, "rating")).toBe("Choose a rating from 1 to 5 stars.");
    expect(await refusedField({ ...good, rating: "4.5" }, "rating")).toBe("Choose a rating from 1 to 5 stars.");
    expect(await refusedField({ title: "", body: good.body }, "rating")).toBe("Choose a rating from 1 to 5 stars.");
    expect(await refusedField({ ...good, title: "x".repeat(121) }, "title")).toBe("The title can be at most 120 characters");
    expect(await refusedField({ ...good, body: "Too short" }, "body")).toBe("Write at least 10 characters about the piece.");
    expect(await refusedField({ ...good, body: "y".repeat(2001) }, "body")).toBe("Your review can be at most 2000 characters");
    const control = await postReview(buyer, { ...good, body: "Lovely cloth\u0000 and cut" });
    expect(control.status).toBe(400);
    expect(await reviewRows()).toHaveLength(0);
  });

  it("counts only approved reviews in the average and count; hiding one takes it out", async () => {
    const changes = vi.fn();
    const stop = onStorefrontChange(database.db, changes);
    try {
      await postReview(buyer, good);
      await postReview(second, { rating: "2", title: "", body: "Beautiful, but the size ran small." });
      const [ama, kofi] = (await reviewRows()).sort((a, b) => a.rating - b.rating).reverse();
      // Both pending: nothing public, nothing in structured data.
      expect(await productReviewSummary(database.db, productId)).toEqual({ count: 0, average: null, distribution: [0, 0, 0, 0, 0] });
      expect(reviewsJsonLd(await loadProductReviews(database.db, productId, "Africa/Accra"))).toEqual({});
      expect(changes).not.toHaveBeenCalled();

      expect(await moderateReview(database.db, ama!.id, "approved", "Owner")).toMatchObject({ changed: true });
      expect(changes).toHaveBeenCalledTimes(1); // the cached product page is dropped
      expect(await productReviewSummary(database.db, productId)).toEqual({ count: 1, average: 5, distribution: [1, 0, 0, 0, 0] });

      await moderateReview(database.db, kofi!.id, "approved", "Owner");
      // (5 + 2) / 2 = 3.5
      expect(await productReviewSummary(database.db, productId)).toEqual({ count: 2, average: 3.5, distribution: [1, 0, 0, 1, 0] });
      const page = await approvedReviews(database.db, productId, "Africa/Accra");
      expect(page.reviews.map((r) => r.author)).toEqual(["Kofi B.", "Ama M."]);
      // Each review's day comes written out, in the store's timezone: half past eleven at night in
      // Accra is already the next day in Auckland.
      await database.db
        .update(productReviews)
        .set({ createdAt: new Date("2026-03-12T23:30:00Z") })
        .where(eq(productReviews.id, kofi!.id));
      expect((await approvedReviews(database.db, productId, "Africa/Accra")).reviews[1]).toMatchObject({
        author: "Kofi B.",
        createdOn: "12 Mar 2026",
      });
      expect((await approvedReviews(database.db, productId, "Pacific/Auckland")).reviews[1]).toMatchObject({
        author: "Kofi B.",
        createdOn: "13 Mar 2026",
      });
      expect(reviewsJsonLd(await loadProductReviews(database.db, productId, "Africa/Accra"))).toMatchObject({
        aggregateRating: { "@type": "AggregateRating", ratingValue: "3.5", reviewCount: 2 },
      });

      // Approving again changes nothing (idempotent), and announces nothing.
      expect(await moderateReview(database.db, ama!.id, "approved", "Someone else")).toMatchObject({ changed: false });
      expect((await reviewRows()).find((r) => r.id === ama!.id)!.moderatedBy).toBe("Owner");
      expect(changes).toHaveBeenCalledTimes(2);

      await moderateReview(database.db, kofi!.id, "hidden", "Owner");
      expect(changes).toHaveBeenCalledTimes(3);
      expect(await productReviewSummary(database.db, productId)).toEqual({ count: 1, average: 5, distribution: [1, 0, 0, 0, 0] });
      expect(await reviewAdminSummary(database.db)).toEqual({ pending: 0, approved: 1, hidden: 1, averageApproved: 5 });
      const hidden = await listReviewsForAdmin(database.db, { status: "hidden", page: 1, search: undefined });
      expect(hidden.rows.map((r) => r.authorName)).toEqual(["Kofi Boateng"]);
      const found = await listReviewsForAdmin(database.db, { page: 1, search: "kente" });
      expect(found.total).toBe(2);
    } finally {
      stop();
    }
  });

  it("lets only admins moderate: a customer is refused and nothing changes; an admin's change records who and when", async () => {
    await postReview(buyer, good);
    const [row] = await reviewRows();
    const refused = await postModeration(buyer, { reviewId: String(row!.id), status: "approved" });
    expect(refused.status).toBe(403);
    expect((await reviewRows())[0]).toMatchObject({ status: "pending", moderatedBy: null });

    const approved = await postModeration(admin, { reviewId: String(row!.id), status: "approved" });
    expect(approved.body).toMatchObject({ ok: true, status: "approved", changed: true });
    const [after] = await database.db.select().from(productReviews).where(eq(productReviews.id, row!.id));
    expect(after).toMatchObject({ status: "approved", moderatedBy: "Shop Owner" });
    expect(after!.moderatedAt).toBeInstanceOf(Date);
    const missing = await postModeration(admin, { reviewId: "999999", status: "hidden" });
    expect(missing.status).toBe(404);
  });
});
