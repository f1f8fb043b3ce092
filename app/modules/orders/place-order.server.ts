import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { categories, productColors, products, productVariants } from "~db/schema/catalog";
import { orderItems, orders, orderStatusHistory } from "~db/schema/orders";
import { resolveProductImage } from "~/modules/catalog/storefront-queries.server";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { queueNewOrderAlerts } from "~/modules/email/admin-alerts.server";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { orderTotals, type OrderTotals } from "~/modules/pricing/order-totals";
import { depositForLines } from "~/modules/payments/order-balance";
import { getStoreSettings, type StoreSettings } from "~/modules/settings/settings.server";
import type { CheckoutInput, OrderLineInput } from "./checkout.schema";
import {
  deliveryLine,
  orderConfirmationEmail,
  orderEmailSummary,
  paymentMethodLabel,
  type OrderConfirmationData,
} from "./order-emails.server";
import {
  colourNotOffered,
  madeToMeasureNotOffered,
  noDeliveryTo,
  outOfStock,
  OrderRefusedError,
  payOnDeliveryNotOffered,
  priceChanged,
  shippingChanged,
  sizeNotChosen,
  sizeNotOffered,
  unavailable,
} from "./order-errors";
import { takeStock } from "./order-stock.server";
import { variantName } from "./order-line-variant";
import { findVariant } from "~/modules/catalog/variants";
import { isOnlinePayment } from "./order-constants";
import { createPaymentAttempt } from "~/modules/payments/payment-attempts.server";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { deliveryEstimateText, zoneFor, type ShippingZone } from "~/modules/shipping/shipping-zones";
import { destinationName } from "~/modules/shipping/areas";
import { saveMeasurements } from "~/modules/measurements/customer-measurements.server";
import { taxSnapshotForOrder } from "~/modules/taxes/tax-settings.server";
import { checkCartQuantities, checkUnpaidHolds, stockedPieces, takeOrderSlots, type ShopperKeys } from "./order-limits.server";
import { codeForOrder, keepCodeUse, orderCodeColumns, type OrderCode } from "~/modules/discounts/order-discount.server";

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  totalAmount: number;
  /** False when the same submission had already created this order (a retry or double click). */
  created: boolean;
}

export interface PlaceOrderContext {
  userId: string | null;
  /** Public origin for links in the confirmation email. */
  origin: string;
  storeName: string;
  /** The signed-in account's email: a discount code for named customers accepts it too (issue 47). */
  accountEmail?: string | null;
  /**
   * The shopper, for the order limits (docs/product-rules.md §10): set by the storefront's
   * checkout; staff paths leave it out and are not limited.
   */
  limits?: ShopperKeys;
}

/** ORD- and six digits; uniqueness is the database's job (see insertWithFreshNumber). */
export function newOrderNumber(): string {
  return `ORD-${crypto.randomInt(0, 1_000_000).toString().padStart(6, "0")}`;
}

export class DuplicateSubmission extends Error {}

/**
 * Places an order in one transaction: prices and stock come from the database (anything the
 * browser says about prices is only compared, never charged), stock is taken with a
 * conditional update so two shoppers can never buy the same last item, the total charged is
 * `orderTotals` of the pricing module with the shipping zone of the destination (read in the
 * same transaction; the fee the browser showed is only compared, never charged), and the
 * confirmation email is queued in the same transaction. The order keeps the zone's name, fee
 * and delivery estimate as they were. The same idempotency key always yields one order.
 *
 * Storefront caches: an order is announced as a storefront change only when it left some
 * product at or below the low-stock level (LOW_STOCK_THRESHOLD: "Only N left", or "Sold out"),
 * since only then does a page read differently. Clearing every cache on every order would
 * throw away the page cache under exactly the load it is there for.
 */
export async function placeOrder(db: Db, input: CheckoutInput, context: PlaceOrderContext): Promise<PlacedOrder> {
  const existing = await findByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { ...existing, created: false };
  if (input.items.length === 0) throw new OrderRefusedError("Cart is empty", "empty");
  const { limits } = context;
  if (limits) await checkCartQuantities(db, input.items);
  // Counted before the transaction (atomic counters), given back below if no order comes of it.
  const slots = limits ? await takeOrderSlots(db, limits) : null;

  try {
    let stockVisiblyChanged = false;
    const placed = await db.transaction(async (tx) => {
      if (limits && isOnlinePayment(input.paymentMethod)) {
        await checkUnpaidHolds(tx, limits, stockedPieces(input.items));
        // A concurrent duplicate of this submission may have committed while the locks were awaited.
        if (await findByIdempotencyKey(tx, input.idempotencyKey)) throw new DuplicateSubmission();
      }
      const settings = await getStoreSettings(tx);
      const zone = await shippingZoneFor(tx, input);
      const lines = await priceLinesFromCatalog(tx, input.items);
      // The code checked again with its row locked, and what it takes off (issue 47, decision 044).
      const code = input.discountCode ? await codeForOrder(tx, input.discountCode, lines, zone, input, context) : null;
      const totals = orderTotals(lines, zone, code?.discount ?? 0, { freeShipping: code?.freeShipping });
      if (input.seenShipping !== undefined && input.seenShipping !== totals.shipping)
        throw shippingChanged(destinationName(input.country, input.region), totals.shipping);
      stockVisiblyChanged = await takeOrderStock(tx, lines);
      // Online: held unpaid this long (stock reserved), then cancelled by the payment hold.
      const paymentDueAt = isOnlinePayment(input.paymentMethod) ? new Date(Date.now() + settings.paymentHoldMinutes * 60_000) : null;
      const depositAmount = checkoutDeposit(input, lines, totals.total, settings.depositPercent, code);
      const order = await insertWithFreshNumber(tx, input.idempotencyKey, {
        userId: context.userId,
        customerName: input.name,
        customerEmail: input.email,
        customerPhone: input.phone,
        customerAddress: input.address,
        customerCountry: input.country,
        customerRegion: input.region,
        subtotalAmount: totals.subtotal,
        discountAmount: totals.discount,
        ...orderCodeColumns(code),
        shippingAmount: totals.shipping,
        shippingZone: zone.name,
        deliveryEstimate: deliveryEstimateText(zone),
        totalAmount: totals.total,
        depositAmount,
        currency: settings.currency,
        paymentMethod: input.paymentMethod,
        notes: input.notes,
        idempotencyKey: input.idempotencyKey,
        paymentDueAt,
        emailKey: limits?.emailKey ?? null,
        clientKey: limits?.addressKey ?? null,
        // The tax settings in force, kept with the order for its invoice (decision 045).
        taxSnapshot: await taxSnapshotForOrder(tx, { country: input.country, zone }),
      });
      if (isOnlinePayment(input.paymentMethod)) {
        await createPaymentAttempt(tx, {
          orderId: order.id,
          // The deposit when the shopper chose to pay it now, else the total.
          amount: depositAmount ?? totals.total,
          currency: settings.currency,
          channel: input.paymentMethod,
        });
      }
      await recordItemsAndHistory(tx, order.id, lines, context.userId);
      if (code) await keepCodeUse(tx, code, order.id, input.email, context.userId);
      await keepCustomerMeasurements(tx, lines, context.userId);
      await queueOrderEmails(tx, { order, input, lines, totals, zone, settings, context, paymentDueAt, depositAmount, code });
      return { id: order.id, orderNumber: order.orderNumber, totalAmount: totals.total, created: true };
    });
    if (stockVisiblyChanged) await announceStorefrontChange(db);
    return placed;
  } catch (error) {
    await slots?.release();
    if (error instanceof DuplicateSubmission) {
      const order = await findByIdempotencyKey(db, input.idempotencyKey);
      if (order) return { ...order, created: false };
    }
    throw error;
  }
}

export type CatalogLine = Awaited<ReturnType<typeof priceLinesFromCatalog>>[number];
type OrderLine = CatalogLine;

/**
 * The zone the order ships in, from the zones as this transaction sees them; a payment method
 * the zone does not offer (Pay on Delivery outside its zones) refuses the order by destination.
 * The schema has already checked the country and, in Ghana, the region.
 */
async function shippingZoneFor(tx: Db, input: CheckoutInput): Promise<ShippingZone> {
  const destination = destinationName(input.country, input.region);
  const zone = zoneFor(await listShippingZones(tx), { country: input.country, region: input.region });
  if (!zone) throw noDeliveryTo(destination);
  if (input.paymentMethod === "pay_on_delivery" && !zone.payOnDelivery) throw payOnDeliveryNotOffered(destination);
  return zone;
}

/**
 * Each cart line checked against the live catalog and priced from it: an inactive or missing
 * product, a size or colour it does not come in, made to measure for a product that does not
 * offer it, or a price that changed since the shopper saw it, refuses the order by name. A
 * made-to-measure line costs the price plus the product's surcharge and has no size.
 */
export async function priceLinesFromCatalog(tx: Db, items: readonly OrderLineInput[]) {
  const ids = [...new Set(items.map((i) => i.productId))];
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      originalPrice: products.originalPrice,
      categoryId: products.categoryId,
      isActive: products.isActive,
      sizes: products.sizes,
      madeToMeasure: products.madeToMeasure,
      madeToMeasureSurcharge: products.madeToMeasureSurcharge,
      madeToMeasureDays: products.madeToMeasureDays,
      imageUrl: products.imageUrl,
      categorySlug: categories.slug,
      categoryName: categories.name,
    })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const colors = await tx
    .select({
      productId: productColors.productId,
      position: productColors.position,
      name: productColors.name,
      imageUrl: productColors.imageUrl,
    })
    .from(productColors)
    .where(inArray(productColors.productId, ids));
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, color: productVariants.color, size: productVariants.size })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids));

  return items.map((item) => {
    const product = byId.get(item.productId);
    if (!product || !product.isActive) throw unavailable(product?.name ?? "An item in your cart", item.productId);
    if (item.measurements != null && !product.madeToMeasure) throw madeToMeasureNotOffered(product.name, product.id);
    const madeToMeasure = item.measurements
      ? { measurements: item.measurements, surcharge: Number(product.madeToMeasureSurcharge), days: product.madeToMeasureDays }
      : null;
    const price = Number(product.price) + (madeToMeasure?.surcharge ?? 0);
    if (item.seenPrice !== undefined && item.seenPrice !== price) throw priceChanged(product.name, product.id, price);
    const size = madeToMeasure ? null : item.size;
    if (!madeToMeasure && size === null) throw sizeNotChosen(product.name, product.id);
    if (size !== null && !product.sizes.includes(size)) throw sizeNotOffered(product.name, product.id, size, product.sizes);
    const color = item.colorIndex === null ? undefined : colors.find((c) => c.productId === product.id && c.position === item.colorIndex);
    if (item.colorIndex !== null && !color) throw colourNotOffered(product.name, product.id);
    const productColours = colors.filter((c) => c.productId === product.id);
    if (!madeToMeasure && !color && productColours.length > 0) throw colourNotOffered(product.name, product.id);
    // The colour × size stocked; a standard line always has one (staff's grid covers every cell).
    const variant =
      size === null
        ? null
        : (findVariant(
            variants.filter((v) => v.productId === product.id),
            color?.name,
            size,
          ) ?? null);
    if (size !== null && !variant) throw outOfStock(variantName(product.name, color?.name, size), product.id, 0);
    return {
      product,
      variantId: variant?.id ?? null,
      quantity: item.quantity,
      unitPrice: price,
      size,
      madeToMeasure,
      color: color?.name ?? null,
      imageUrl: color?.imageUrl ?? resolveProductImage({ imageUrl: product.imageUrl, categorySlug: product.categorySlug }),
    };
  });
}

/**
 * The order's stock, taken by the orders module's one rule (order-stock.server.ts); too little
 * refuses by name and variant ("Osu Linen Kaftan (Ivory, XL) is out of stock"). Made-to-measure
 * lines are cut for the customer and take none.
 */
export function takeOrderStock(tx: Db, lines: OrderLine[]): Promise<boolean> {
  return takeStock(
    tx,
    lines.flatMap((l) =>
      l.variantId === null
        ? []
        : [{ variantId: l.variantId, productId: l.product.id, name: variantName(l.product.name, l.color, l.size), quantity: l.quantity }],
    ),
    (short) => outOfStock(short.name, short.productId, short.available),
  );
}

/**
 * The deposit a checkout order asks (docs/decisions/041): only online, only when the shopper chose
 * to pay the deposit now, and only for made-to-measure pieces (the shop's percentage of them;
 * ready-made pieces and delivery are paid in full). Null: the whole total now. A discount code's
 * share of each line (shareOut, to the pesewa) comes off that line first, so a discounted
 * made-to-measure piece's deposit is the percentage of what it costs the shopper.
 */
function checkoutDeposit(input: CheckoutInput, lines: OrderLine[], total: number, percent: number, code: OrderCode | null): number | null {
  if (input.payPart !== "deposit" || !isOnlinePayment(input.paymentMethod)) return null;
  return depositForLines(
    lines.map((l, i) => ({
      kind: l.madeToMeasure ? "made_to_measure" : "standard",
      lineTotal: l.unitPrice * l.quantity - (code?.perLine[i] ?? 0),
    })),
    total,
    percent,
  );
}

/** The item snapshot (what was bought, at what price) and the first history entry. */
async function recordItemsAndHistory(tx: Db, orderId: string, lines: OrderLine[], userId: string | null): Promise<void> {
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      orderId,
      productId: l.product.id,
      variantId: l.variantId,
      name: l.product.name,
      category: l.product.categoryName,
      unitPrice: l.unitPrice,
      originalUnitPrice: l.product.originalPrice === null ? null : Number(l.product.originalPrice),
      quantity: l.quantity,
      size: l.size,
      color: l.color,
      imageUrl: l.imageUrl,
      measurements: l.madeToMeasure?.measurements ?? null,
      madeToMeasureSurcharge: l.madeToMeasure?.surcharge ?? null,
      madeToMeasureDays: l.madeToMeasure?.days ?? null,
      kind: l.madeToMeasure ? "made_to_measure" : "standard",
    })),
  );
  await tx.insert(orderStatusHistory).values({
    orderId,
    status: "processing",
    paymentStatus: "pending",
    notes: "Order placed",
    changedBy: userId ? "customer" : "guest",
    isInitial: true,
  });
}

/** A signed-in customer's measurements, kept for next time: the last made-to-measure line's (what they typed last). */
async function keepCustomerMeasurements(tx: Db, lines: OrderLine[], userId: string | null): Promise<void> {
  const last = lines.findLast((l) => l.madeToMeasure)?.madeToMeasure;
  if (userId && last) await saveMeasurements(tx, userId, last.measurements);
}

/** The customer's confirmation and, when the shop wants them, the staff's new-order alerts. */
async function queueOrderEmails(
  tx: Db,
  placed: {
    order: { id: string; orderNumber: string };
    input: CheckoutInput;
    lines: OrderLine[];
    totals: OrderTotals;
    zone: ShippingZone;
    settings: StoreSettings;
    context: PlaceOrderContext;
    paymentDueAt: Date | null;
    depositAmount: number | null;
    code: OrderCode | null;
  },
): Promise<void> {
  const { order, input, lines, totals, zone, settings, context, paymentDueAt, depositAmount, code } = placed;
  const confirmation: OrderConfirmationData = {
    storeName: context.storeName,
    origin: context.origin,
    orderId: order.id,
    orderNumber: order.orderNumber,
    customerName: input.name,
    customerEmail: input.email,
    paymentMethod: input.paymentMethod,
    currency: settings.currency,
    ...totals,
    discountCode: code?.code ?? null,
    destination: destinationName(input.country, input.region),
    shippingZone: zone.name,
    deliveryEstimate: deliveryEstimateText(zone),
    lines: lines.map((l) => ({
      name: l.product.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      size: l.size,
      color: l.color,
      madeToMeasure: l.madeToMeasure,
    })),
    heldUntil: paymentDueAt?.toISOString() ?? null,
    deposit: depositAmount,
    timeZone: settings.timezone,
  };
  await queueEmail(tx, orderConfirmationEmail(confirmation));
  if (!settings.emailNotifications) return;
  await queueNewOrderAlerts(tx, {
    storeName: context.storeName,
    origin: context.origin,
    orderNumber: order.orderNumber,
    customerName: input.name,
    customerEmail: input.email,
    total: totals.total,
    currency: settings.currency,
    itemCount: totals.itemCount,
    paymentMethod: paymentMethodLabel(input.paymentMethod),
    delivery: deliveryLine(confirmation),
    summary: orderEmailSummary(confirmation),
  });
}

async function findByIdempotencyKey(db: Db, key: string) {
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalAmount: orders.totalAmount })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return order ? { ...order, totalAmount: Number(order.totalAmount) } : null;
}

/**
 * Inserts the order with a random number, trying another on the rare collision. A concurrent
 * submission with the same idempotency key waits on its unique index and then rolls this
 * transaction back (DuplicateSubmission), returning the stock it took.
 */
export async function insertWithFreshNumber(tx: Db, idempotencyKey: string, values: Omit<typeof orders.$inferInsert, "orderNumber">) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: newOrderNumber() })
      .onConflictDoNothing()
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (row) return row;
    const [sameKey] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
    if (sameKey) throw new DuplicateSubmission();
  }
  throw new Error("Could not assign a unique order number");
}
