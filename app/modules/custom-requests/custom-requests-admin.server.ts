import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~db/client";
import { customRequests } from "~db/schema/custom";
import { escapeLike } from "~/lib/sql-like";
import type { Measurements } from "~/modules/measurements/measurements";
import { storedMeasurementsSchema } from "~/modules/measurements/measurements.schema";
import { CUSTOM_REQUESTS_ADMIN_PAGE_SIZE, type CustomRequestListQuery } from "./custom-request-filters.schema";
import type { CustomRequestStatus } from "./custom-request.schema";

/** The admin Custom requests list, its cards, one request's details, and staff's status and notes. */

export interface AdminCustomRequest {
  reference: string;
  name: string;
  email: string;
  phone: string;
  garmentType: string;
  occasion: string | null;
  dateNeeded: string | null;
  budget: string | null;
  notes: string | null;
  measurements: Measurements | null;
  photos: string[];
  status: CustomRequestStatus;
  staffNotes: string | null;
  createdAt: string;
  updatedAt: string;
}

export class CustomRequestNotFoundError extends Error {
  override name = "CustomRequestNotFoundError";
  constructor() {
    super("This request no longer exists. Reload the page.");
  }
}

type Raw = typeof customRequests.$inferSelect;

const toRow = (r: Raw): AdminCustomRequest => {
  const measurements = storedMeasurementsSchema.safeParse(r.measurements);
  return {
    reference: r.reference,
    name: r.name,
    email: r.email,
    phone: r.phone,
    garmentType: r.garmentType,
    occasion: r.occasion,
    dateNeeded: r.dateNeeded,
    budget: r.budget,
    notes: r.notes,
    measurements: measurements.success ? measurements.data : null,
    photos: r.photos,
    status: r.status as CustomRequestStatus,
    staffNotes: r.staffNotes,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

export async function listCustomRequestsForAdmin(db: Db, query: CustomRequestListQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(customRequests.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(ilike(customRequests.name, pattern), ilike(customRequests.email, pattern), ilike(customRequests.reference, pattern))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const pageSize = CUSTOM_REQUESTS_ADMIN_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customRequests)
      .where(where)
      .orderBy(desc(customRequests.createdAt), desc(customRequests.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(customRequests).where(where),
  ]);
  const totalRows = Number(total?.n ?? 0);
  return {
    rows: rows.map(toRow),
    page: query.page,
    pageSize,
    total: totalRows,
    pageCount: Math.max(1, Math.ceil(totalRows / pageSize)),
  };
}

export type CustomRequestSummary = Record<CustomRequestStatus, number>;

/** Requests by status, over every request (not only the ones a filter finds). */
export async function customRequestSummary(db: Db): Promise<CustomRequestSummary> {
  const rows = await db.select({ status: customRequests.status, n: count() }).from(customRequests).groupBy(customRequests.status);
  const of = (status: CustomRequestStatus) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { new: of("new"), quoted: of("quoted"), accepted: of("accepted"), declined: of("declined") };
}

export async function getCustomRequestForAdmin(db: Db, reference: string): Promise<AdminCustomRequest | null> {
  const [row] = await db.select().from(customRequests).where(eq(customRequests.reference, reference));
  return row ? toRow(row) : null;
}

/** Whether `photo` is one of a request's photos (the photo route serves no other file). */
export async function isCustomRequestPhoto(db: Db, photo: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customRequests.id })
    .from(customRequests)
    .where(sql`${photo} = any(${customRequests.photos})`)
    .limit(1);
  return Boolean(row);
}

/** Staff set a request's status and notes; returns whether anything changed. */
export async function updateCustomRequest(
  db: Db,
  reference: string,
  change: { status: CustomRequestStatus; staffNotes: string | null },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: customRequests.status, staffNotes: customRequests.staffNotes })
      .from(customRequests)
      .where(eq(customRequests.reference, reference))
      .for("update");
    if (!current) throw new CustomRequestNotFoundError();
    if (current.status === change.status && (current.staffNotes ?? null) === change.staffNotes) return { changed: false };
    await tx
      .update(customRequests)
      .set({ status: change.status, staffNotes: change.staffNotes, updatedAt: sql`now()` })
      .where(eq(customRequests.reference, reference));
    return { changed: true };
  });
}
