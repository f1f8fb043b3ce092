import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Db } from "~db/client";
import { users } from "~db/schema/auth";
import { customerAddresses } from "~db/schema/customers";
import { ADDRESS_BOOK_FULL, ADDRESS_BOOK_LIMIT, ADDRESS_NOT_FOUND, type SavedAddress } from "./address-book";
import type { AddressInput } from "./address-book.schema";

/*
 * A signed-in customer's address book (docs/product-rules.md §13 "Accounts", decision 046).
 * Every read and write names the customer: an address of someone else's is not found, exactly
 * as one that never existed (the routes answer 404). Writes that count or move the default run
 * in one transaction under the customer's own row lock, so two tabs at once can neither pass the
 * limit nor leave two defaults (the partial unique index would refuse that anyway).
 */

export class AddressNotFoundError extends Error {
  constructor() {
    super(ADDRESS_NOT_FOUND);
    this.name = "AddressNotFoundError";
  }
}

export class AddressBookFullError extends Error {
  constructor() {
    super(ADDRESS_BOOK_FULL);
    this.name = "AddressBookFullError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = typeof customerAddresses.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

function saved(row: Row): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    name: row.recipientName,
    phone: row.phone,
    country: row.country,
    region: row.region,
    addressLines: row.addressLines,
    city: row.city,
    postcode: row.postcode,
    isDefault: row.isDefault,
  };
}

function columnsOf(input: Omit<AddressInput, "makeDefault">) {
  return {
    label: input.label,
    recipientName: input.name,
    phone: input.phone,
    country: input.country,
    region: input.region,
    addressLines: input.addressLines,
    city: input.city,
    postcode: input.postcode,
  };
}

/** The customer's addresses: the default first, then the newest. */
export async function listAddresses(db: Db | Tx, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), asc(customerAddresses.id));
  return rows.map(saved);
}

/** One of the customer's own addresses, or null (someone else's is null too). */
export async function findAddress(db: Db | Tx, userId: string, addressId: string): Promise<SavedAddress | null> {
  if (!UUID.test(addressId)) return null;
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.userId, userId)));
  return row ? saved(row) : null;
}

/** Holds the customer's row until the transaction ends: their address book changes one at a time. */
async function lockCustomer(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

async function addressCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.userId, userId));
  return Number(row?.n ?? 0);
}

async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
}

/**
 * Adds an address. The first one a customer saves is their default; a later one only when they
 * ask ("Use as my default address"). Refused with AddressBookFullError at ADDRESS_BOOK_LIMIT.
 */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const existing = await addressCount(tx, userId);
    if (existing >= ADDRESS_BOOK_LIMIT) throw new AddressBookFullError();
    const isDefault = existing === 0 || input.makeDefault;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(customerAddresses)
      .values({ userId, ...columnsOf(input), isDefault })
      .returning();
    return saved(row!);
  });
}

/** Changes one of the customer's addresses (and makes it the default when asked; never un-defaults it). */
export async function updateAddress(db: Db, userId: string, addressId: string, input: AddressInput): Promise<SavedAddress> {
  if (!UUID.test(addressId)) throw new AddressNotFoundError();
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const own = await findAddress(tx, userId, addressId);
    if (!own) throw new AddressNotFoundError();
    if (input.makeDefault && !own.isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .update(customerAddresses)
      .set({ ...columnsOf(input), isDefault: own.isDefault || input.makeDefault, updatedAt: new Date() })
      .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.userId, userId)))
      .returning();
    return saved(row!);
  });
}

/** Makes one of the customer's addresses their default; the one before stops being it. */
export async function setDefaultAddress(db: Db, userId: string, addressId: string): Promise<void> {
  if (!UUID.test(addressId)) throw new AddressNotFoundError();
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const own = await findAddress(tx, userId, addressId);
    if (!own) throw new AddressNotFoundError();
    if (own.isDefault) return;
    await clearDefault(tx, userId);
    await tx
      .update(customerAddresses)
      .set({ isDefault: true })
      .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.userId, userId)));
  });
}

/**
 * Removes one of the customer's addresses. When it was the default, the newest address left
 * becomes the default (a customer with addresses always has one for checkout to choose first).
 */
export async function removeAddress(db: Db, userId: string, addressId: string): Promise<void> {
  if (!UUID.test(addressId)) throw new AddressNotFoundError();
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const [removed] = await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.userId, userId)))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!removed) throw new AddressNotFoundError();
    if (!removed.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.userId, userId), ne(customerAddresses.id, addressId)))
      .orderBy(desc(customerAddresses.createdAt), asc(customerAddresses.id))
      .limit(1);
    if (next) await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, next.id));
  });
}

/** What "Save this address to my account" came to. */
export type CheckoutAddressSaved = "saved" | "already-saved" | "full";

/**
 * Saves the checkout's destination into the customer's address book after their order is
 * placed (checkout-action.server.ts): the checkout's one address text becomes the address lines.
 * The same address already there (a retried Place Order, or one picked from the book) is not
 * added twice; a full book is left as it is.
 */
export async function saveCheckoutAddress(
  db: Db,
  userId: string,
  destination: { name: string; phone: string; address: string; country: string; region: string | null },
): Promise<CheckoutAddressSaved> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const rows = await tx.select().from(customerAddresses).where(eq(customerAddresses.userId, userId));
    const same = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim().toLowerCase();
    const known = rows.some(
      (row) =>
        same(row.recipientName) === same(destination.name) &&
        same(row.phone) === same(destination.phone) &&
        row.country === destination.country &&
        (row.region ?? null) === destination.region &&
        same([row.addressLines, [row.city, row.postcode].filter(Boolean).join(" ")].filter(Boolean).join(" ")) ===
          same(destination.address),
    );
    if (known) return "already-saved";
    if (rows.length >= ADDRESS_BOOK_LIMIT) return "full";
    await tx.insert(customerAddresses).values({
      userId,
      label: null,
      recipientName: destination.name,
      phone: destination.phone,
      country: destination.country,
      region: destination.region,
      addressLines: destination.address,
      city: null,
      postcode: null,
      isDefault: rows.length === 0,
    });
    return "saved";
  });
}

/** For tests and the admin: how many addresses a customer has. */
export async function countAddresses(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId));
  return Number(row?.n ?? 0);
}

/** The address book for the checkout page: a failure to read it costs the shopper only the picker, never the checkout. */
export async function savedAddressesForCheckout(
  context: Pick<AppLoadContext, "database" | "log">,
  userId: string,
): Promise<SavedAddress[]> {
  try {
    return await listAddresses(context.database.db, userId);
  } catch (error) {
    context.log.error({ err: error }, "reading the address book for checkout failed");
    return [];
  }
}
