import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderNotes, orders } from "~db/schema/orders";
import { brand } from "~/lib/brand";
import { currencySymbols, type CurrencyCode } from "~/lib/money";
import { queueEmail } from "~/modules/email/email-outbox.server";
import type { OrderNoteKind } from "./fulfilment.schema";
import { orderMessageEmail, type StatusEmailSender } from "./order-emails.server";
import { OrderNotFoundError } from "./order-errors";
import { orderIdSchema } from "./order-filters.schema";
import type { OrderNoteEntry } from "./order-types";
import { changeOrderStatusAsAdmin, shipmentColumns, statusChangeColumns, type AdminStatusChange } from "./order-status.server";
import type { Shipment } from "./shipping-carriers";

/**
 * Fulfilment by staff (docs/product-rules.md "Fulfilment"): marking an order shipped with its
 * carrier and tracking, correcting the tracking later, internal notes, and messages to the
 * customer.
 */

/** Refused with a message staff can act on (the action answers 409 with it). */
export class FulfilmentRefusedError extends Error {}

/**
 * Marks the order shipped and saves the carrier and tracking in one transaction (the status
 * change's: history with who, stock moved back from cancelled, the shipped email with the
 * tracking when Order notifications is on). Posting it again for an order already shipped
 * saves the tracking and sends nothing.
 */
export async function shipOrder(db: Db, orderId: string, shipment: Shipment, change: AdminStatusChange): Promise<{ changed: boolean }> {
  return changeOrderStatusAsAdmin(db, orderId, "shipped", { ...change, shipment });
}

/**
 * Corrects the carrier or tracking of an order already shipped (or delivered). No email: the
 * customer was told when it shipped, and the tracking page and order page show the correction
 * at once; staff who want to tell them send a message.
 */
export async function correctTracking(db: Db, orderId: string, shipment: Shipment): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await lockOrder(tx, orderId);
    if (order.status !== "shipped" && order.status !== "delivered")
      throw new FulfilmentRefusedError("Mark the order shipped first: the tracking is saved with it.");
    await tx.update(orders).set(shipmentColumns(shipment)).where(eq(orders.id, orderId));
  });
}

async function lockOrder(tx: Db, orderId: string) {
  if (!orderIdSchema.safeParse(orderId).success) throw new OrderNotFoundError(`Order ${orderId} not found`);
  const rows = await tx.select(statusChangeColumns).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!rows[0]) throw new OrderNotFoundError(`Order ${orderId} not found`);
  return [rows[0]] as const;
}

/**
 * The same text on the same order by the same person within this time is one note: a double
 * click, a retried request or two tabs posting at once store it (and email it) once.
 */
export const NOTE_DEDUPE_WINDOW_MINUTES = 10;

export interface NoteAuthor {
  id: string;
  name: string;
}

/**
 * Adds a staff note (kind "staff": seen only in admin) or a message to the customer (kind
 * "customer": stored and its email queued in one transaction, then shown on the customer's
 * order page). The order row is locked first, so of two identical posts at once the second
 * waits, then finds the first's note and adds nothing (NOTE_DEDUPE_WINDOW_MINUTES).
 */
export async function addOrderNote(
  db: Db,
  input: { orderId: string; kind: OrderNoteKind; body: string; author: NoteAuthor },
  sender: StatusEmailSender,
): Promise<{ note: OrderNoteEntry; created: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await lockOrder(tx, input.orderId);
    const [same] = await tx
      .select()
      .from(orderNotes)
      .where(
        and(
          eq(orderNotes.orderId, input.orderId),
          eq(orderNotes.kind, input.kind),
          eq(orderNotes.authorId, input.author.id),
          eq(orderNotes.body, input.body),
          sql`${orderNotes.createdAt} > now() - make_interval(mins => ${NOTE_DEDUPE_WINDOW_MINUTES})`,
        ),
      )
      .limit(1);
    if (same) return { note: toEntry(same), created: false };
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId: input.orderId, kind: input.kind, body: input.body, authorId: input.author.id, authorName: input.author.name })
      .returning();
    if (input.kind === "customer") {
      await queueEmail(
        tx,
        orderMessageEmail(
          {
            storeName: sender.storeName ?? brand.name,
            origin: sender.origin,
            orderId: order.id,
            orderNumber: order.orderNumber,
            customerName: order.customerName,
            customerEmail: order.customerEmail,
            currency: order.currency in currencySymbols ? (order.currency as CurrencyCode) : "GHS",
          },
          input.body,
        ),
      );
    }
    return { note: toEntry(note!), created: true };
  });
}

function toEntry(row: typeof orderNotes.$inferSelect): OrderNoteEntry {
  return {
    id: row.id,
    kind: row.kind === "customer" ? "customer" : "staff",
    body: row.body,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An order's notes of the given kinds, oldest first (order_notes_order_idx). */
export async function orderNotesOf(db: Db, orderId: string, kinds: readonly OrderNoteKind[]): Promise<OrderNoteEntry[]> {
  const rows = await db
    .select()
    .from(orderNotes)
    .where(and(eq(orderNotes.orderId, orderId), inArray(orderNotes.kind, [...kinds])))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return rows.map(toEntry);
}

/** What the customer may see of a note: the shop's messages, never who wrote them or staff notes. */
export interface CustomerMessage {
  body: string;
  createdAt: string;
}

export async function customerMessagesOf(db: Db, orderId: string): Promise<CustomerMessage[]> {
  const notes = await orderNotesOf(db, orderId, ["customer"]);
  return notes.map(({ body, createdAt }) => ({ body, createdAt }));
}
