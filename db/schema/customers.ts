import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { products } from "./catalog";
import { orders } from "./orders";

/** A signed-in shopper's wishlist (docs/product-rules.md §13 "Wishlist"). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/**
 * A customer's review of a product they bought on an order that was delivered (docs/product-rules.md §13
 * "Reviews are real"): one per customer and product. New reviews wait for staff (pending);
 * only approved ones count on the product page and in structured data.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The delivered order that entitles the review. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The name shown with the review, as the customer gave it. */
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    title: text("title"),
    body: text("body").notNull(),
    photoUrl: text("photo_url"),
    status: text("status").notNull().default("pending"),
    moderatedBy: text("moderated_by"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_reviews_user_product_unique").on(t.userId, t.productId),
    // The product page reads a product's approved reviews, newest first, and their average.
    index("product_reviews_product_status_idx").on(t.productId, t.status, t.createdAt.desc()),
    // The admin list filters by status, newest first.
    index("product_reviews_status_created_idx").on(t.status, t.createdAt.desc()),
    // Every request for a review photo asks who may see it (app/modules/reviews/review-photos.server.ts).
    index("product_reviews_photo_url_idx").on(t.photoUrl),
    check("product_reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("product_reviews_status_known", sql`${t.status} in ('pending', 'approved', 'hidden')`),
  ],
);

/**
 * A signed-in customer's address book (issue 47 part 3, decision 046): where they send orders,
 * themselves or relatives. Each entry is a checkout destination (address-book.schema.ts); at
 * most one is the default, which the database itself holds to (the partial unique index), and
 * there are at most ADDRESS_BOOK_LIMIT per customer (counted under the user's row lock).
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    /** Unguessable, but that is not the protection: every read and write is scoped to the owner. */
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The customer's own name for it ("Home", "Auntie Efua in Kumasi"); optional. */
    label: text("label"),
    recipientName: text("recipient_name").notNull(),
    phone: text("phone").notNull(),
    /** ISO 3166-1 alpha-2, as the checkout and the shipping zones take it. */
    country: text("country").notNull(),
    /** A Ghana region code ("GH-AA") for a Ghanaian address; null elsewhere. */
    region: text("region"),
    /** Street, house number, area, landmark or GhanaPost digital address. */
    addressLines: text("address_lines").notNull(),
    city: text("city"),
    postcode: text("postcode"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_addresses_user_idx").on(t.userId, t.createdAt),
    // One default per customer, whatever two requests do at once.
    uniqueIndex("customer_addresses_one_default")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
