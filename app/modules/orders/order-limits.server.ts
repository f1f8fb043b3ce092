import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { products } from "~db/schema/catalog";
import { inboxOf } from "~/modules/email/inbox";
import { ORDER_LIMITS } from "./order-limits";

/**
 * Order limits (docs/product-rules.md §10, docs/security.md "Order limits"), applied to orders
 * placed through the storefront's checkout (placeOrder with `limits`); staff paths pass none.
 *
 * - quantities: per line and per order (checkOrderQuantities);
 * - orders placed per email and per client address per hour: atomic counters in `rate_limits`
 *   (takeOrderSlots), counted before the order's transaction and given back if it fails, so any
 *   number of instances and concurrent requests never let more through than the limit;
 * - unpaid online orders held at once per email and per address (checkUnpaidHolds): counted in
 *   the order's own transaction under transaction-scoped advisory locks on the two keys, so
 *   concurrent placements from one shopper are counted one after the other.
 *
 * The shopper is known by keys, never by raw values: an HMAC (the auth secret as key) of the
 * normalised email and of the client address. The address key is also stored on the order
 * (`orders.client_key`), so the shop keeps no client IP addresses in its orders table.
 */

/** Who places an order, as the limits know them (see shopperKeys). */
export interface ShopperKeys {
  emailKey: string;
  addressKey: string;
}

export type OrderLimitKind = "line-quantity" | "order-quantity" | "email-rate" | "address-rate" | "unpaid-email" | "unpaid-address";

/** An order refused by a limit: `retryAfterSeconds` is set for the ones that pass with time (HTTP 429). */
export class OrderLimitError extends Error {
  override name = "OrderLimitError";
  constructor(
    message: string,
    readonly kind: OrderLimitKind,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
};

export const ORDER_LIMIT_MESSAGES = {
  lineQuantity: (name: string) =>
    `You can order up to ${ORDER_LIMITS.perLine} of ${name} at a time. Please lower the quantity, or contact us for a larger order.`,
  orderQuantity: () =>
    `You can order up to ${ORDER_LIMITS.perOrder} pieces in one order. Please remove some from your cart, or contact us for a larger order.`,
  emailRate: (seconds: number) =>
    `Several orders have been placed with this email address in the last hour. Please try again in ${minutes(seconds)}, or contact us. Your cart is kept.`,
  addressRate: (seconds: number) =>
    `Many orders have been placed from your connection in the last hour. Please try again in ${minutes(seconds)}, or contact us. Your cart is kept.`,
  unpaidEmail: (seconds: number) =>
    `There are already orders waiting for payment with this email address. Please pay for them using the link in their confirmation email, or try again in ${minutes(seconds)} when their hold ends. Your cart is kept.`,
  unpaidAddress: (seconds: number) =>
    `Too many orders from your connection are waiting for payment. Please pay for yours using the link in its confirmation email, or try again in ${minutes(seconds)}. Your cart is kept.`,
};

/**
 * The client address as one client: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6
 * by its /64 network, since one subscriber is given a whole /64 and can use any address in it.
 */
export function clientOf(address: string): string {
  const ip = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array<string>(Math.max(8 - left.length - right.length, 0)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+/, "") || "0")
    .join(":")}::/64`;
}

/** The keys of a shopper: keyed hashes (HMAC-SHA-256 with the shop's auth secret), never the raw email or address. */
export function shopperKeys(secret: string, email: string, clientAddress: string): ShopperKeys {
  const hash = (value: string) => crypto.createHmac("sha256", secret).update(value).digest("base64url").slice(0, 32);
  return { emailKey: hash(`email:${inboxOf(email)}`), addressKey: hash(`address:${clientOf(clientAddress)}`) };
}

type CartLines = { productId: number; quantity: number; measurements?: unknown }[];

/** Refuses a cart over the per-line or per-order quantity (the product's name is read only when a line is over). */
export async function checkCartQuantities(db: Db, items: CartLines): Promise<void> {
  const tooMany = items.find((l) => l.quantity > ORDER_LIMITS.perLine);
  if (tooMany) {
    const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, tooMany.productId));
    throw new OrderLimitError(ORDER_LIMIT_MESSAGES.lineQuantity(product?.name ?? "one item"), "line-quantity");
  }
  if (items.reduce((sum, l) => sum + l.quantity, 0) > ORDER_LIMITS.perOrder)
    throw new OrderLimitError(ORDER_LIMIT_MESSAGES.orderQuantity(), "order-quantity");
}

/** Pieces of stock the cart's lines take (made-to-measure lines take none). */
export function stockedPieces(items: CartLines): number {
  return items.reduce((sum, item) => sum + (item.measurements ? 0 : item.quantity), 0);
}

const emailRateKey = (keys: ShopperKeys) => `order:email:${keys.emailKey}`;
const addressRateKey = (keys: ShopperKeys) => `order:address:${keys.addressKey}`;

/**
 * Counts one order against the shopper's email and address, or refuses (both counts taken are
 * given back, so a refused attempt does not use the shared address's room). Both counters are
 * taken in one atomic statement (one commit: it is on every order's path), email's row first,
 * always, so two placements never lock them crosswise. The returned `release` gives both back
 * when the order is not placed after all.
 */
export async function takeOrderSlots(db: Db, keys: ShopperKeys): Promise<{ release(): Promise<void> }> {
  const email = emailRateKey(keys);
  const address = addressRateKey(keys);
  const window = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;
  const rows = await queryRows<{ key: string; count: number; retry_after: number }>(
    db,
    sql`insert into rate_limits (key, count, reset_at)
        values (${email}, 1, ${window(ORDER_LIMITS.perEmail.windowMs)}), (${address}, 1, ${window(ORDER_LIMITS.perAddress.windowMs)})
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning key, count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
  );
  // One statement a counter (never `key in (…)`, whose row order is the plan's): a release must
  // not hold the address row while waiting for the email row that a placement holds.
  const release = async () => {
    for (const key of [email, address])
      await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
  };
  const of = (key: string) => {
    const row = rows.find((r) => r.key === key)!;
    return { count: Number(row.count), retryAfterSeconds: Math.max(Number(row.retry_after), 1) };
  };
  const byEmail = of(email);
  const byAddress = of(address);
  if (byEmail.count > ORDER_LIMITS.perEmail.limit) {
    await release();
    throw new OrderLimitError(ORDER_LIMIT_MESSAGES.emailRate(byEmail.retryAfterSeconds), "email-rate", byEmail.retryAfterSeconds);
  }
  if (byAddress.count > ORDER_LIMITS.perAddress.limit) {
    await release();
    throw new OrderLimitError(ORDER_LIMIT_MESSAGES.addressRate(byAddress.retryAfterSeconds), "address-rate", byAddress.retryAfterSeconds);
  }
  return {
    async release() {
      await release();
    },
  };
}

interface Held {
  orders: number;
  pieces: number;
  retryAfterSeconds: number;
}

/** Online orders held unpaid right now by `column` = `key`, and the pieces of stock they hold. */
async function heldUnpaid(tx: Db, column: "email_key" | "client_key", key: string): Promise<Held> {
  const [row] = await queryRows<{ orders: number; pieces: number; retry_after: number | null }>(
    tx,
    sql`select count(*)::int as orders,
               coalesce(sum((select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id and i.variant_id is not null)), 0)::int as pieces,
               ceil(extract(epoch from min(o.payment_due_at) - now()))::int as retry_after
        from orders o
        where o.${sql.raw(column)} = ${key} and o.payment_due_at > now()
          and o.order_status = 'processing' and o.payment_status in ('pending', 'failed')`,
  );
  return { orders: Number(row!.orders), pieces: Number(row!.pieces), retryAfterSeconds: Math.max(Number(row!.retry_after ?? 60), 1) };
}

/**
 * Refuses an online order that would make the shopper hold more than their share of stock
 * unpaid. Run inside the order's transaction, before its stock is taken: the advisory locks
 * (email first, then address, always in that order, so two placements never wait on each other
 * crosswise) make concurrent placements by the same shopper count one after the other, on
 * every instance; they are let go when the transaction ends. `pieces`: the new order's stocked pieces.
 */
export async function checkUnpaidHolds(tx: Db, keys: ShopperKeys, pieces: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-hold:email:${keys.emailKey}`}, 0))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-hold:address:${keys.addressKey}`}, 0))`);
  const byEmail = await heldUnpaid(tx, "email_key", keys.emailKey);
  if (byEmail.orders + 1 > ORDER_LIMITS.unpaidPerEmail.orders || byEmail.pieces + pieces > ORDER_LIMITS.unpaidPerEmail.pieces)
    throw new OrderLimitError(ORDER_LIMIT_MESSAGES.unpaidEmail(byEmail.retryAfterSeconds), "unpaid-email", byEmail.retryAfterSeconds);
  const byAddress = await heldUnpaid(tx, "client_key", keys.addressKey);
  if (byAddress.orders + 1 > ORDER_LIMITS.unpaidPerAddress.orders || byAddress.pieces + pieces > ORDER_LIMITS.unpaidPerAddress.pieces)
    throw new OrderLimitError(
      ORDER_LIMIT_MESSAGES.unpaidAddress(byAddress.retryAfterSeconds),
      "unpaid-address",
      byAddress.retryAfterSeconds,
    );
}
