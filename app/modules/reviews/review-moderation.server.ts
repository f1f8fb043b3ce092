import { and, avg, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { escapeLike } from "~/lib/sql-like";
import type { Db } from "~db/client";
import { productReviews } from "~db/schema/customers";
import { products } from "~db/schema/catalog";
import { users } from "~db/schema/auth";
import { orders } from "~db/schema/orders";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { ReviewNotFoundError } from "./review-errors";
import { REVIEWS_ADMIN_PAGE_SIZE, type ReviewListQuery } from "./review-filters.schema";
import type { ReviewStatus } from "./review.schema";

/** The admin Reviews list, its cards, one review's details, and approving or hiding. */

export interface AdminReviewRow {
  id: number;
  productId: number;
  productName: string;
  authorName: string;
  authorEmail: string | null;
  rating: number;
  title: string | null;
  body: string;
  photoUrl: string | null;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
  moderatedBy: string | null;
  moderatedAt: string | null;
  orderNumber: string | null;
}

const columns = {
  id: productReviews.id,
  productId: productReviews.productId,
  productName: products.name,
  authorName: productReviews.authorName,
  authorEmail: users.email,
  rating: productReviews.rating,
  title: productReviews.title,
  body: productReviews.body,
  photoUrl: productReviews.photoUrl,
  status: productReviews.status,
  createdAt: productReviews.createdAt,
  updatedAt: productReviews.updatedAt,
  moderatedBy: productReviews.moderatedBy,
  moderatedAt: productReviews.moderatedAt,
  orderNumber: orders.orderNumber,
};

type Raw = { [K in keyof typeof columns]: unknown } & { createdAt: Date; updatedAt: Date; moderatedAt: Date | null; status: string };

const toRow = (r: Raw): AdminReviewRow =>
  ({
    ...r,
    status: r.status as ReviewStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    moderatedAt: r.moderatedAt?.toISOString() ?? null,
  }) as AdminReviewRow;

const baseQuery = (db: Db) =>
  db
    .select(columns)
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .leftJoin(users, eq(users.id, productReviews.userId))
    .leftJoin(orders, eq(orders.id, productReviews.orderId));

export async function listReviewsForAdmin(db: Db, query: ReviewListQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(productReviews.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(productReviews.authorName, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const pageSize = REVIEWS_ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(productReviews).innerJoin(products, eq(products.id, productReviews.productId)).where(where),
  ]);
  const totalRows = Number(total?.n ?? 0);
  return {
    rows: rows.map((r) => toRow(r as Raw)),
    page: query.page,
    pageSize,
    total: totalRows,
    pageCount: Math.max(1, Math.ceil(totalRows / pageSize)),
  };
}

export interface ReviewAdminSummary {
  pending: number;
  approved: number;
  hidden: number;
  /** Of approved reviews, to one decimal; null without any. */
  averageApproved: number | null;
}

export async function reviewAdminSummary(db: Db): Promise<ReviewAdminSummary> {
  const rows = await db
    .select({ status: productReviews.status, n: count(), average: avg(productReviews.rating) })
    .from(productReviews)
    .groupBy(productReviews.status);
  const of = (status: string) => rows.find((r) => r.status === status);
  const approved = of("approved");
  return {
    pending: Number(of("pending")?.n ?? 0),
    approved: Number(approved?.n ?? 0),
    hidden: Number(of("hidden")?.n ?? 0),
    averageApproved: approved?.average ? Math.round(Number(approved.average) * 10) / 10 : null,
  };
}

export async function getReviewForAdmin(db: Db, id: number): Promise<AdminReviewRow | null> {
  const [row] = await baseQuery(db).where(eq(productReviews.id, id));
  return row ? toRow(row as Raw) : null;
}

/**
 * Approves or hides a review, writing who did it and when. Idempotent: a review already in
 * that state is left alone (`changed: false`, its first moderator kept). When the change moves
 * a review into or out of "approved", the product page's average, count and list change: the
 * storefront hears it after the write (ADR 003), so the cached page is dropped.
 */
export async function moderateReview(
  db: Db,
  id: number,
  status: Exclude<ReviewStatus, "pending">,
  moderator: string,
): Promise<{ changed: boolean; productId: number }> {
  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: productReviews.status, productId: productReviews.productId })
      .from(productReviews)
      .where(eq(productReviews.id, id))
      .for("update");
    if (!current) throw new ReviewNotFoundError();
    const updated = await tx
      .update(productReviews)
      .set({ status, moderatedBy: moderator, moderatedAt: sql`now()` })
      .where(and(eq(productReviews.id, id), ne(productReviews.status, status)))
      .returning({ id: productReviews.id });
    const changed = updated.length > 0;
    return {
      changed,
      productId: current.productId,
      touchesStorefront: changed && (status === "approved" || current.status === "approved"),
    };
  });
  if (result.touchesStorefront) await announceStorefrontChange(db);
  return { changed: result.changed, productId: result.productId };
}
