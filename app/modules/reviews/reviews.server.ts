import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { productReviews } from "~db/schema/customers";
import { orderItems, orders } from "~db/schema/orders";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { ReviewNotAllowedError } from "./review-errors";
import type { ReviewInput, ReviewStatus } from "./review.schema";

/**
 * A customer's own review: who may write one, and writing or editing it (docs/product-rules.md
 * "Reviews"). Only a signed-in customer with a delivered order of their own (orders.user_id)
 * that holds the product (order_items.product_id) may review it; one review per customer and
 * product, and every edit goes back to staff (pending).
 */

/** The customer's newest delivered order holding the product (its id and the name given at checkout), or null when they may not review it. */
export async function deliveredOrderWith(db: Db, userId: string, productId: number): Promise<{ id: string; customerName: string } | null> {
  const [row] = await db
    .select({ id: orders.id, customerName: orders.customerName })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.orderStatus, "delivered"), eq(orderItems.productId, productId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

export interface OwnReview {
  id: number;
  rating: number;
  title: string | null;
  body: string;
  photoUrl: string | null;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
}

export async function findOwnReview(db: Db, userId: string, productId: number): Promise<OwnReview | null> {
  const [row] = await db
    .select({
      id: productReviews.id,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      photoUrl: productReviews.photoUrl,
      status: productReviews.status,
      createdAt: productReviews.createdAt,
      updatedAt: productReviews.updatedAt,
    })
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
  if (!row) return null;
  return { ...row, status: row.status as ReviewStatus, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** What the product page asks after load, for the visitor only: may they write a review, and theirs if any. */
export interface ReviewStanding {
  signedIn: boolean;
  /** A delivered order of theirs holds the product. */
  eligible: boolean;
  review: OwnReview | null;
}

export async function reviewStanding(db: Db, userId: string | null, productId: number): Promise<ReviewStanding> {
  if (!userId) return { signedIn: false, eligible: false, review: null };
  const [orderId, review] = await Promise.all([deliveredOrderWith(db, userId, productId), findOwnReview(db, userId, productId)]);
  return { signedIn: true, eligible: orderId !== null, review };
}

export interface ReviewAuthor {
  id: string;
  /** The account's name: accounts made at sign-up carry the email's local part, so only a fallback. */
  name: string;
  email: string;
}

export interface SubmitReviewOptions {
  /** The stored photo's base URL, when a new one was uploaded. */
  photoUrl?: string | null;
}

/**
 * Writes the customer's review of the product, or replaces their earlier one (same row), in
 * one statement; either way it waits for staff again. Refused with ReviewNotAllowedError when
 * no delivered order of theirs holds the product. When an approved review goes back to
 * pending, the product page changes: the storefront hears it after the write.
 */
export async function submitReview(
  db: Db,
  author: ReviewAuthor,
  productId: number,
  input: ReviewInput,
  options: SubmitReviewOptions = {},
): Promise<{ id: number; created: boolean }> {
  const order = await deliveredOrderWith(db, author.id, productId);
  if (!order) throw new ReviewNotAllowedError();
  const orderId = order.id;
  // The name given at checkout ("Abena Boateng", shown as "Abena B."): the account's name is
  // often the email's local part, which must not be published.
  const authorName = order.customerName.trim() || author.name.trim() || "Customer";
  const photo = options.photoUrl ?? (input.removePhoto ? null : undefined);
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: productReviews.status })
      .from(productReviews)
      .where(and(eq(productReviews.userId, author.id), eq(productReviews.productId, productId)))
      .for("update");
    const [row] = await tx
      .insert(productReviews)
      .values({
        productId,
        userId: author.id,
        orderId,
        authorName,
        rating: input.rating,
        title: input.title || null,
        body: input.body,
        photoUrl: photo ?? null,
        status: "pending",
      })
      .onConflictDoUpdate({
        target: [productReviews.userId, productReviews.productId],
        set: {
          orderId,
          authorName,
          rating: input.rating,
          title: input.title || null,
          body: input.body,
          ...(photo !== undefined ? { photoUrl: photo } : {}),
          status: "pending",
          moderatedBy: null,
          moderatedAt: null,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: productReviews.id });
    return { id: row!.id, created: !before, wasApproved: before?.status === "approved" };
  });
  if (result.wasApproved) await announceStorefrontChange(db);
  return { id: result.id, created: result.created };
}
