import type { DiscountCodeFields } from "./discount-form-values";
import { and, count, desc, eq, like, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { categories, products } from "~db/schema/catalog";
import { discountCodes } from "~db/schema/discounts";
import { orders } from "~db/schema/orders";
import { fromLocalInput } from "~/lib/dates";
import { escapeLike } from "~/lib/sql-like";
import type { DiscountCodeInput } from "./discount-code.schema";
import type { DiscountState } from "./discount-state";
import { discountsQuerySchema, type DiscountsQuery } from "./discount-list.schema";
import type { DiscountKind, DiscountScope } from "./discount-terms";

/**
 * Admin → Discounts (issue 47): the list with each code's state, uses and revenue, and staff's
 * commands (create, edit, pause, resume, end, delete). A code some order used is never deleted
 * (the orders keep its snapshot, and the uses reference it): staff pause or end it instead.
 */

export class DiscountCodeError extends Error {
  override name = "DiscountCodeError";
  constructor(
    message: string,
    readonly status: number,
    readonly field?: keyof DiscountCodeInput,
  ) {
    super(message);
  }
}

/** A code as the admin list shows it: the form's fields, plus its id, state, uses and revenue. */
export interface DiscountCodeRow extends DiscountCodeFields {
  id: number;
  paused: boolean;
  state: DiscountState;
  /** Orders placed with it and not given back. */
  uses: number;
  /** Orders placed with it (cancelled ones included): whether it may be deleted. */
  orders: number;
  /** What those orders brought in, in pesewas: received, less refunds (the payment ledger's figures). */
  revenue: number;
}

const t = discountCodes;
const usesOf = sql<number>`(select count(*) from discount_code_uses u where u.code_id = discount_codes.id and u.returned_at is null)::int`;
const ordersOf = sql<number>`(select count(*) from ${orders} o where o.discount_code_id = discount_codes.id)::int`;
const revenueOf = sql<string>`(select coalesce(sum(o.paid_amount - o.refunded_amount), 0) from ${orders} o where o.discount_code_id = discount_codes.id)`;
/** The state as discountState reads it, in SQL, so the list filters by it. */
const stateOf = sql<DiscountState>`case
  when ${t.endsAt} <= now() then 'expired'
  when ${t.usageLimit} is not null and ${usesOf} >= ${t.usageLimit} then 'used-up'
  when ${t.paused} then 'paused'
  when ${t.startsAt} > now() then 'scheduled'
  else 'active' end`;

const rowColumns = {
  id: t.id,
  code: t.code,
  kind: t.kind,
  value: t.value,
  minimumSubtotal: t.minimumSubtotal,
  startsAt: t.startsAt,
  endsAt: t.endsAt,
  usageLimit: t.usageLimit,
  perCustomerLimit: t.perCustomerLimit,
  scope: t.scope,
  collectionIds: t.collectionIds,
  productIds: t.productIds,
  excludeSaleItems: t.excludeSaleItems,
  customerEmails: t.customerEmails,
  paused: t.paused,
  state: stateOf,
  uses: usesOf,
  orders: ordersOf,
  revenue: revenueOf,
};

const selectCodes = (db: Db) => db.select(rowColumns).from(t);
type SelectedRow = Awaited<ReturnType<typeof selectCodes>>[number];

function toRow(row: SelectedRow): DiscountCodeRow {
  return {
    ...row,
    kind: row.kind as DiscountKind,
    scope: row.scope as DiscountScope,
    startsAt: row.startsAt ? new Date(row.startsAt).toISOString() : null,
    endsAt: row.endsAt ? new Date(row.endsAt).toISOString() : null,
    uses: Number(row.uses),
    orders: Number(row.orders),
    revenue: Number(row.revenue),
  };
}

export async function listDiscountCodes(db: Db, query: DiscountsQuery = {}) {
  const { search, status, page: requested, pageSize } = discountsQuerySchema.parse(query);
  const where = and(
    search ? like(t.code, `%${escapeLike(search.toUpperCase())}%`) : undefined,
    status ? sql`${stateOf} = ${status}` : undefined,
  );
  const pageOf = (page: number) =>
    selectCodes(db)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  const [[counted], firstRows] = await Promise.all([db.select({ total: count() }).from(t).where(where), pageOf(requested)]);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pageCount);
  const rows = page === requested ? firstRows : await pageOf(page);
  return { rows: rows.map(toRow), total, page, pageSize, pageCount };
}

export async function findDiscountCode(db: Db, id: number): Promise<DiscountCodeRow | null> {
  const [row] = await selectCodes(db).where(eq(t.id, id));
  return row ? toRow(row) : null;
}

/** What the form chooses from: every collection, and every product by name. */
export async function discountChoices(db: Db) {
  const [collections, productRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.sortOrder, categories.id),
    db.select({ id: products.id, name: products.name }).from(products).orderBy(products.name, products.id),
  ]);
  return { collections, products: productRows };
}

function columnsOf(input: DiscountCodeInput, timeZone: string) {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value,
    minimumSubtotal: input.minimumSubtotal,
    startsAt: input.startsAt ? fromLocalInput(input.startsAt, timeZone) : null,
    endsAt: input.endsAt ? fromLocalInput(input.endsAt, timeZone) : null,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    scope: input.scope,
    collectionIds: input.collectionIds,
    productIds: input.productIds,
    excludeSaleItems: input.excludeSaleItems,
    customerEmails: input.customerEmails,
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: string }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505");

const taken = (code: string) => new DiscountCodeError(`${code} is already a code (codes are the same in any case)`, 409, "code");

/*
 * Each change below is one statement, run in a transaction of its own all the same: the activity
 * log records an admin's change only inside one (decision 049, db/activity-scope.ts).
 */
export async function createDiscountCode(db: Db, input: DiscountCodeInput, timeZone: string) {
  try {
    const [row] = await db.transaction((tx) => tx.insert(t).values(columnsOf(input, timeZone)).returning({ id: t.id, code: t.code }));
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.code);
    throw error;
  }
}

/** Edits apply to orders from now on: orders placed keep their code as it was (orders.discount_code…). */
export async function updateDiscountCode(db: Db, id: number, input: DiscountCodeInput, timeZone: string) {
  try {
    const [row] = await db.transaction((tx) =>
      tx
        .update(t)
        .set({ ...columnsOf(input, timeZone), updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning({ id: t.id, code: t.code }),
    );
    if (!row) throw new DiscountCodeError("This code no longer exists.", 404);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.code);
    throw error;
  }
}

export async function setDiscountCodePaused(db: Db, id: number, paused: boolean) {
  const [row] = await db.transaction((tx) =>
    tx.update(t).set({ paused, updatedAt: new Date() }).where(eq(t.id, id)).returning({ id: t.id, code: t.code }),
  );
  if (!row) throw new DiscountCodeError("This code no longer exists.", 404);
  return row;
}

/** Ends the code now (its end set to this moment): it reads "Expired" and refuses "This code has ended". */
export async function endDiscountCode(db: Db, id: number) {
  const [row] = await db.transaction((tx) =>
    tx
      .update(t)
      .set({ endsAt: sql`now()`, startsAt: sql`case when ${t.startsAt} >= now() then null else ${t.startsAt} end`, updatedAt: new Date() })
      .where(eq(t.id, id))
      .returning({ id: t.id, code: t.code }),
  );
  if (!row) throw new DiscountCodeError("This code no longer exists.", 404);
  return row;
}

/** Deletes a code no order used; a used one is refused (pause or end it). */
export async function deleteDiscountCode(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: t.id, code: t.code }).from(t).where(eq(t.id, id)).for("update");
    if (!row) throw new DiscountCodeError("This code no longer exists.", 404);
    const [used] = await tx.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, id));
    if (Number(used?.n ?? 0) > 0)
      throw new DiscountCodeError(`${row.code} has been used on orders, so it cannot be deleted. Pause it or end it instead.`, 409);
    await tx.delete(t).where(eq(t.id, id));
    return row;
  });
}
