import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { adminPage } from "./admin-support";
import { expectNoSeriousViolations } from "./axe";
import { rawRequest } from "./raw-http";
import { createVerifiedCustomer, gotoHydrated, toast } from "./support";

/**
 * Real reviews (issue 12, item 9; docs/product-rules.md §13 "Reviews are real"). Before: every product said
 * "4.8 out of 5 stars (24 reviews)", a rating nobody gave. Now a customer whose order was
 * delivered reviews it, staff approve or hide it, and the product page and its structured data
 * show the real average, or "No reviews yet" and no rating at all.
 */

/** The ProductGroup object of the page's JSON-LD (it carries the rating for all its variants). */
async function productJsonLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b["@type"] === "ProductGroup");
  expect(product).toBeDefined();
  return product!;
}

test("a product nobody reviewed says No reviews yet, and its structured data has no rating", async ({ page }) => {
  test.setTimeout(120_000);
  await gotoHydrated(page, "/product/10");
  await expect(page.getByText("24 reviews")).toHaveCount(0);
  await expect(page.getByText("4.8")).toHaveCount(0);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("No reviews yet")).toBeVisible();
  await expect(reviews.getByText(/Reviews come only from customers whose order with this piece has been delivered/)).toBeVisible();
  // A visitor who has not bought it is not offered the form.
  await expect(page.getByRole("link", { name: "Write a review" })).toHaveCount(0);
  const product = await productJsonLd(page);
  expect(product).not.toHaveProperty("aggregateRating");
  expect(product).not.toHaveProperty("review");
  await expectNoSeriousViolations(page, "/product/10 reviews");
});

test("a delivered buyer reviews, staff approve (the page shows the real rating) and hide it (gone again)", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const productId = 9;
  const email = `efua-${Date.now()}@example.com`;
  await createVerifiedCustomer(page.request, baseURL!, email, "efua-pass-1");

  // The customer buys the piece; staff mark the order delivered.
  await gotoHydrated(page, `/product/${productId}`);
  const productName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await expect(page.getByRole("link", { name: "Write a review" })).toHaveCount(0);
  await page.getByRole("button", { name: /^Add to Cart - / }).click();
  await expect(toast(page, "Added to Cart")).toBeVisible();
  await gotoHydrated(page, "/checkout");
  await page.getByLabel("Full Name", { exact: true }).fill("Efua Sarpong");
  await page.getByLabel("Phone", { exact: true }).fill("+233 24 555 0177");
  await page.getByLabel("Delivery Address").fill("7 Liberation Road, Airport Residential, Accra");
  await page.getByLabel("Region").selectOption("GH-AA");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split("/").at(-1)!;

  const admin = await adminPage(browser, "/admin/reviews");
  const delivered = await admin.request.post("/admin/orders", {
    form: { intent: "status", orderId, status: "delivered" },
    headers: { Origin: baseURL! },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);

  // The delivered order offers "Review this item"; the product page offers "Write a review".
  await gotoHydrated(page, "/track-order");
  await page.getByRole("region", { name: "Your Recent Orders" }).getByRole("button").first().click();
  await expect(page.getByRole("link", { name: new RegExp(`^Review this item\\W+${productName}$`) })).toBeVisible();
  await gotoHydrated(page, `/product/${productId}`);
  await page.getByRole("link", { name: "Write a review" }).click();
  await expect(page.getByRole("heading", { name: productName, level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "review form");

  // The form checks before sending: no stars, text too short.
  await page.getByLabel("Your review").fill("Too short");
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
  await expect(page.getByText("Write at least 10 characters about the piece.")).toBeVisible();
  // Stars by keyboard, as a radio group: focus the first, arrow to the fourth.
  await page.getByRole("radio", { name: "1 star, Poor" }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "4 stars, Very good" })).toBeChecked();
  await page.getByLabel("Title").fill("Wore it to a naming ceremony");
  await page.getByLabel("Your review").fill("Light linen, lovely drape, and the embroidery is even finer in person.");
  const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#8a6d3b" } })
    .png()
    .toBuffer();
  await page.getByLabel("Photo").setInputFiles({ name: "fit.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();

  // Awaiting approval: the author sees it, shoppers do not.
  await gotoHydrated(page, `/product/${productId}`);
  const own = page.getByRole("region", { name: "Your review" });
  await expect(own.getByText("Awaiting approval")).toBeVisible();
  await expect(own.getByText("Wore it to a naming ceremony")).toBeVisible();
  const shopper = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await shopper.newPage();
  await gotoHydrated(guest, `/product/${productId}`);
  await expect(guest.getByRole("region", { name: "Reviews" }).getByText("No reviews yet")).toBeVisible();
  await expect(guest.getByText("Wore it to a naming ceremony")).toHaveCount(0);

  // Staff approve it from the Reviews list.
  await admin.reload();
  await expect(admin.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Awaiting approval" })).toBeVisible();
  await expectNoSeriousViolations(admin, "/admin/reviews");
  await admin.getByLabel("Search", { exact: true }).fill("Efua");
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin).toHaveURL(/q=Efua/);
  await admin.getByRole("link", { name: `Details of Efua Sarpong's review of ${productName}` }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByText("Light linen, lovely drape")).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Photo with Efua Sarpong's review" })).toBeVisible();
  await expectNoSeriousViolations(admin, "review details dialog");
  await dialog.getByRole("button", { name: `Approve Efua Sarpong's review of ${productName}` }).click();
  await expect(toast(admin, "Review approved")).toBeVisible();

  // The product page (its cached copy dropped by the change) shows the real rating.
  await gotoHydrated(guest, `/product/${productId}`);
  const reviews = guest.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("Based on 1 review from verified buyers")).toBeVisible();
  await expect(reviews.getByText("4.0", { exact: true })).toBeVisible();
  await expect(guest.getByText("4.0 out of 5 (1 review)")).toBeVisible();
  await expect(reviews.getByRole("heading", { name: "Wore it to a naming ceremony" })).toBeVisible();
  await expect(reviews.getByText("Efua S.")).toBeVisible();
  await expect(reviews.getByRole("img", { name: "Photo from Efua S.'s review" })).toBeVisible();
  expect(await productJsonLd(guest)).toMatchObject({
    aggregateRating: { "@type": "AggregateRating", ratingValue: "4.0", reviewCount: 1 },
    review: [{ "@type": "Review", author: { name: "Efua S." }, reviewRating: { ratingValue: "4" } }],
  });
  await expectNoSeriousViolations(guest, "product page with a review");

  // Hidden: out of the page, the count and the structured data.
  await admin.goto("/admin/reviews?q=Efua");
  await admin.getByRole("button", { name: `Hide Efua Sarpong's review of ${productName}` }).click();
  await expect(toast(admin, "Review hidden")).toBeVisible();
  await gotoHydrated(guest, `/product/${productId}`);
  await expect(guest.getByRole("region", { name: "Reviews" }).getByText("No reviews yet")).toBeVisible();
  await expect(guest.getByText("Wore it to a naming ceremony")).toHaveCount(0);
  expect(await productJsonLd(guest)).not.toHaveProperty("aggregateRating");
  await shopper.close();
  await admin.context().close();
});

test("a review with its photo may be large only for a signed-in customer, and never past the limit", async ({ page, baseURL }) => {
  const post = (headers: Record<string, string>) =>
    rawRequest(`${baseURL}/product/9/review`, {
      method: "POST",
      headers: { Origin: baseURL!, "Content-Type": "multipart/form-data; boundary=x", ...headers },
    });
  // Anonymous: the 64 KB of every form, refused before a byte of the body is read.
  const anonymous = await post({ "Content-Length": String(2 * 1024 * 1024) });
  expect(anonymous.status).toBe(413);
  const email = `kojo-${Date.now()}@example.com`;
  await createVerifiedCustomer(page.request, baseURL!, email, "kojo-pass-1");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  // Signed in: a photo of up to 8 MB passes the body limit, 20 MB does not.
  const oversized = await post({ Cookie: cookie, "Content-Length": String(20 * 1024 * 1024) });
  expect(oversized.status).toBe(413);
  const small = '--x\r\nContent-Disposition: form-data; name="rating"\r\n\r\n5\r\n--x--\r\n';
  const allowed = await rawRequest(`${baseURL}/product/9/review`, {
    method: "POST",
    headers: {
      Origin: baseURL!,
      "Content-Type": "multipart/form-data; boundary=x",
      Cookie: cookie,
      "Content-Length": String(Buffer.byteLength(small)),
    },
    body: small,
  });
  // Through the limit to the page's own checks: this customer bought nothing, so no review.
  expect(allowed.status).not.toBe(413);
});
