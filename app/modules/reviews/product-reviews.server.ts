import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { productReviews } from "~db/schema/customers";
import { formatDate } from "~/lib/dates";
import { publicAuthorName } from "./review-display";

/**
 * What every shopper sees of a product's reviews: approved ones only (pending and hidden never
 * leave the shop). Read by the product page (cached and shared, so nothing here depends on who
 * asks) and by its "Show more" requests.
 */
export const REVIEWS_PAGE_SIZE = 5;

export interface ReviewSummary {
  /** Approved reviews. */
  count: number;
  /** Their average rating to one decimal, or null without any. */
  average: number | null;
  /** How many approved reviews gave 5, 4, 3, 2 and 1 stars, in that order. */
  distribution: [number, number, number, number, number];
}

export interface PublicReview {
  id: number;
  /** "Ama M." */
  author: string;
  rating: number;
  title: string | null;
  body: string;
  photoUrl: string | null;
  createdAt: string;
  /** The day it was written, as the shop writes dates ("12 Mar 2026", store timezone): the browser formats no date. */
  createdOn: string;
}

export interface ReviewPage {
  reviews: PublicReview[];
  page: number;
  hasMore: boolean;
}

const approvedOf = (productId: number) => and(eq(productReviews.productId, productId), eq(productReviews.status, "approved"));

export async function productReviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: productReviews.rating, n: count() })
    .from(productReviews)
    .where(approvedOf(productId))
    .groupBy(productReviews.rating);
  const distribution: ReviewSummary["distribution"] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const { rating, n } of rows) {
    const reviews = Number(n);
    distribution[5 - rating] = reviews;
    total += reviews;
    sum += rating * reviews;
  }
  return { count: total, average: total ? Math.round((sum / total) * 10) / 10 : null, distribution };
}

/**
 * One page of the product's approved reviews, newest first (product_reviews_product_status_idx),
 * dated in `timeZone` (the store's).
 */
export async function approvedReviews(
  db: Db,
  productId: number,
  timeZone: string,
  page = 1,
  pageSize = REVIEWS_PAGE_SIZE,
): Promise<ReviewPage> {
  const rows = await db
    .select({
      id: productReviews.id,
      authorName: productReviews.authorName,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      photoUrl: productReviews.photoUrl,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .where(approvedOf(productId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    page,
    hasMore: rows.length > pageSize,
    reviews: rows.slice(0, pageSize).map(({ authorName, createdAt, ...review }) => ({
      ...review,
      author: publicAuthorName(authorName),
      createdAt: createdAt.toISOString(),
      createdOn: formatDate(createdAt, timeZone),
    })),
  };
}

export interface ProductReviews {
  summary: ReviewSummary;
  first: ReviewPage;
}

/** The summary and the first page, for the product page's loader. */
export async function loadProductReviews(db: Db, productId: number, timeZone: string): Promise<ProductReviews> {
  const [summary, first] = await Promise.all([productReviewSummary(db, productId), approvedReviews(db, productId, timeZone)]);
  return { summary, first };
}
