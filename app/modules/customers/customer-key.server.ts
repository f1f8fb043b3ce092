import { sql, type SQL } from "drizzle-orm";
import { escapeLike } from "~/lib/sql-like";
import { hasControlCharacter } from "~/lib/input";

/**
 * Customers are derived from orders (docs/product-rules.md "Derived customer"): keyed by the user id when the
 * order has one, else by the checkout email, trimmed and lower-cased, so "Ama@Example.com " and
 * "ama@example.com" are one guest. The kind is part of the key ("user:…" / "email:…") so a
 * user id can never collide with an email, and the key says how to find the customer's orders.
 *
 * A guest's orders join the account of the same email once it is verified (guest-orders.server.ts),
 * so a shopper who ordered as a guest and later signed up is one customer, keyed by account.
 */
export type CustomerKey = `user:${string}` | `email:${string}`;

/** The key of the order aliased `o` (every query here reads orders as `o`). */
export const customerKeyOfOrder: SQL = sql.raw(
  `case when o.user_id is not null then 'user:' || o.user_id else 'email:' || lower(btrim(o.customer_email)) end`,
);

/** The SQL condition selecting exactly the orders of one customer (orders aliased `o`). */
export function ordersOfCustomer(key: CustomerKey): SQL {
  if (key.startsWith("user:")) return sql`o.user_id = ${key.slice("user:".length)}`;
  return sql`o.user_id is null and lower(btrim(o.customer_email)) = ${key.slice("email:".length)}`;
}

/**
 * A key from a URL or form; null when it is not one this module produces (nor one the database
 * could be asked about: control characters, or longer than an email can be).
 */
export function parseCustomerKey(value: string | null | undefined): CustomerKey | null {
  if (!value || value.length > 300 || hasControlCharacter(value)) return null;
  if (/^user:.+$/.test(value)) return value as CustomerKey;
  const email = /^email:(.+)$/.exec(value)?.[1];
  if (email && email === email.trim().toLowerCase()) return value as CustomerKey;
  return null;
}

/** Milliseconds since the epoch as a plain number, the same on both drivers (raw rows). */
export function epochMs(column: string): SQL {
  return sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
}

/** "%text%" for ILIKE with the user's % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
