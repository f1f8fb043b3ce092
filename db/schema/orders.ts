import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { products, productVariants } from "./catalog";

/**
 * The text admin order search matches: number, name, email and phone in one string, so one
 * trigram index (orders_search_trgm_idx) answers a search over all four. Queries must use
 * this same expression for PostgreSQL to use the index.
 */
export function orderSearchDocument(t: {
  orderNumber: AnyPgColumn;
  customerName: AnyPgColumn;
  customerEmail: AnyPgColumn;
  customerPhone: AnyPgColumn;
}): SQL {
  return sql`(${t.orderNumber} || ' ' || ${t.customerName} || ' ' || ${t.customerEmail} || ' ' || ${t.customerPhone})`;
}

/** Orders are addressed by an unguessable uuid; order_number is what people read. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    userId: text("user_id"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerAddress: text("customer_address").notNull(),
    customerCountry: text("customer_country").notNull().default("GH"),
    /** ISO 3166-2 region inside Ghana ("GH-AA"), asked for Ghanaian addresses; null elsewhere. */
    customerRegion: text("customer_region"),
    subtotalAmount: bigint("subtotal_amount", { mode: "number" }).notNull(),
    shippingAmount: bigint("shipping_amount", { mode: "number" }).notNull().default(0),
    /** The shipping zone as it was when the order was placed (name and delivery estimate); later zone edits do not change it. */
    shippingZone: text("shipping_zone"),
    deliveryEstimate: text("delivery_estimate"),
    totalAmount: bigint("total_amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("GHS"),
    /**
     * Pesewas of this order's processed refunds: the payment ledger's sum, kept by a trigger on
     * `refunds` (migration 0020) so the sales totals (sales-totals.ts) can follow it.
     */
    refundedAmount: bigint("refunded_amount", { mode: "number" }).notNull().default(0),
    /**
     * Pesewas received towards the order's total (issue 46, docs/decisions/041): its deposit, then
     * its balance; a second payment of a paid order (an extra payment) is not counted. A trigger
     * (migration 0026) sets it to the total when the payment becomes paid and to 0 when it goes
     * back to pending or failed; a payment in part (deposit_paid) sets it itself.
     */
    paidAmount: bigint("paid_amount", { mode: "number" }).notNull().default(0),
    /**
     * The deposit the order asks before the rest (pesewas, less than the total), or null when it
     * is paid in full at once. The balance (total − paid) is asked when the garment is ready.
     */
    depositAmount: bigint("deposit_amount", { mode: "number" }),
    orderStatus: text("order_status").notNull().default("processing"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    paymentMethod: text("payment_method").notNull().default("pay_on_delivery"),
    notes: text("notes"),
    idempotencyKey: text("idempotency_key").unique(),
    /**
     * An online order (card, mobile money) unpaid by then is cancelled and its stock returned
     * (the payment hold, Settings → Payments); null for Pay on Delivery and once paid.
     */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    /**
     * Who placed it, for the order limits (app/modules/orders/order-limits.server.ts): keyed
     * hashes (HMAC with the auth secret) of the normalised email and of the client address,
     * never the address itself; null for orders not placed through the storefront's checkout.
     */
    emailKey: text("email_key"),
    clientKey: text("client_key"),
    /** Fulfilment, entered by staff when the order ships; shown in the shipped email and tracking. */
    shippingCarrier: text("shipping_carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    /**
     * Pay on Delivery closed out: when staff recorded the cash collected at the door, and who
     * (app/modules/payments/cash-collection.server.ts); null until then, and for online orders.
     */
    cashCollectedAt: timestamp("cash_collected_at", { withTimezone: true }),
    cashCollectedBy: text("cash_collected_by"),
    /**
     * Where the order came from: the storefront's checkout, or the channel staff took it through
     * (issue 46: whatsapp, phone, showroom, instagram, email, other; sales-channels.ts), or
     * custom_request: a quote for a custom request the customer accepted (app/modules/quotes).
     */
    source: text("source").notNull().default("storefront"),
    /** Staff's discount on a staff order, in pesewas off the subtotal, and why (0 and null otherwise). */
    discountAmount: bigint("discount_amount", { mode: "number" }).notNull().default(0),
    discountReason: text("discount_reason"),
    /**
     * The discount code the shopper used (issue 47, docs/decisions/044), as it was: its text, kind
     * and value, and what it took off (pesewas: the pieces' discount, kept in discount_amount
     * too, or the shipping fee a free-shipping code waived). Later edits to the code change
     * nothing here. Null/0 without a code.
     */
    discountCodeId: integer("discount_code_id"),
    discountCode: text("discount_code"),
    discountCodeKind: text("discount_code_kind"),
    discountCodeValue: bigint("discount_code_value", { mode: "number" }),
    discountCodeSaving: bigint("discount_code_saving", { mode: "number" }).notNull().default(0),
    /** The staff member who placed a staff order (null for the storefront's). */
    placedBy: text("placed_by"),
    /**
     * The tax settings in force when the order was placed (issue 47, decision 045): the lines and
     * rates, the TIN and whether the destination was zero-rated, read by the invoice instead of
     * today's settings (app/modules/taxes/tax-settings.ts TaxSnapshot). Null: placed before taxes.
     */
    taxSnapshot: jsonb("tax_snapshot"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_created_idx").on(t.createdAt.desc(), t.id),
    check("orders_paid_amount_not_negative", sql`${t.paidAmount} >= 0`),
    check(
      "orders_deposit_amount_in_total",
      sql`${t.depositAmount} is null or (${t.depositAmount} > 0 and ${t.depositAmount} < ${t.totalAmount})`,
    ),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_email_idx").on(t.customerEmail),
    index("orders_status_created_idx").on(t.orderStatus, t.createdAt.desc()),
    index("orders_payment_created_idx").on(t.paymentStatus, t.createdAt.desc()),
    // The admin list filtered by both statuses (and its capped count) over a million orders.
    index("orders_status_payment_created_idx").on(t.orderStatus, t.paymentStatus, t.createdAt.desc()),
    index("orders_payment_due_idx")
      .on(t.paymentDueAt)
      .where(sql`${t.paymentDueAt} is not null`),
    // The unpaid orders a shopper holds (order limits): only held orders have a due time.
    index("orders_held_email_idx")
      .on(t.emailKey, t.paymentDueAt)
      .where(sql`${t.paymentDueAt} is not null`),
    index("orders_held_client_idx")
      .on(t.clientKey, t.paymentDueAt)
      .where(sql`${t.paymentDueAt} is not null`),
    index("orders_search_trgm_idx").using("gin", sql`${orderSearchDocument(t)} gin_trgm_ops`),
    // A guest customer (admin Customers) is keyed by trimmed lower-case email: this finds their
    // orders, newest first, without reading the table.
    index("orders_guest_email_idx")
      .on(sql`lower(btrim(${t.customerEmail}))`, t.createdAt.desc())
      .where(sql`${t.userId} is null`),
    check(
      "orders_source_known",
      sql`${t.source} in ('storefront', 'whatsapp', 'phone', 'showroom', 'instagram', 'email', 'other', 'custom_request')`,
    ),
    index("orders_discount_code_idx")
      .on(t.discountCodeId)
      .where(sql`${t.discountCodeId} is not null`),
    check("orders_discount_within_subtotal", sql`${t.discountAmount} >= 0 and ${t.discountAmount} <= ${t.subtotalAmount}`),
  ],
);

/** A snapshot of each line as it was bought; later product edits do not change it. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The colour × size the line took stock from (null: made to measure, or the variant is gone); cancelling returns it there. */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    category: text("category"),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    originalUnitPrice: bigint("original_unit_price", { mode: "number" }),
    quantity: integer("quantity").notNull(),
    size: text("size"),
    color: text("color"),
    imageUrl: text("image_url"),
    /**
     * A made-to-measure line: the measurements it is cut to ({ unit, values }, app/modules/measurements),
     * the surcharge included in unit_price and the working days to make it. Null for a standard size.
     */
    measurements: jsonb("measurements"),
    madeToMeasureSurcharge: bigint("made_to_measure_surcharge", { mode: "number" }),
    madeToMeasureDays: integer("made_to_measure_days"),
    /**
     * standard (a size from stock), made_to_measure (measurements above) or custom (issue 46: a
     * piece staff describe and price themselves, with no product, made in `production_days`).
     */
    kind: text("kind").notNull().default("standard"),
    productionDays: integer("production_days"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    // The orders made in the workshop (production steps, decision 040): few among many.
    index("order_items_workshop_idx")
      .on(t.orderId)
      .where(sql`${t.kind} <> 'standard'`),
    check("order_items_kind_known", sql`${t.kind} in ('standard', 'made_to_measure', 'custom')`),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    paymentStatus: text("payment_status"),
    notes: text("notes"),
    changedBy: text("changed_by"),
    /** The entry written when the order was placed (every order has exactly one). */
    isInitial: boolean("is_initial").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.createdAt.desc()),
    // The dashboard's Recent Activity reads the newest changes across all orders; placements
    // are left out of this index so a run of new, untouched orders is never scanned.
    index("order_status_history_changes_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`not ${t.isInitial}`),
  ],
);

/**
 * What staff write on an order: internal notes (kind "staff", seen only in admin) and messages
 * to the customer (kind "customer", emailed and shown on the customer's order page). Written
 * once, never edited; the author's name is kept as it was when written.
 */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    authorId: text("author_id"),
    authorName: text("author_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_notes_order_idx").on(t.orderId, t.createdAt),
    check("order_notes_kind_known", sql`${t.kind} in ('staff', 'customer')`),
  ],
);
