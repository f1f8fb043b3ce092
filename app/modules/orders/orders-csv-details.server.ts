import { asc, inArray } from "drizzle-orm";
import type { Db } from "~db/client";
import { orderItems, orderNotes } from "~db/schema/orders";
import { formatSortableDateTime } from "~/lib/dates";

/** What the orders CSV writes for a batch of orders beyond the order row: its items and notes, as one cell each. */
export interface OrderCsvDetails {
  /** "2 × Osu Linen Kaftan (M, Ivory); 1 × Kente Stole" */
  items: string;
  /** "2026-03-12 14:05 Kwame Mensah: Called, will collect Friday | …", oldest first. */
  staffNotes: string;
  /** The messages to the customer, the same way. */
  messages: string;
}

const EMPTY: OrderCsvDetails = { items: "", staffNotes: "", messages: "" };

/** "2 × Osu Linen Kaftan (M, Ivory)": the quantity, the name, then size and colour when the line has them. */
export function itemSummary(item: { quantity: number; name: string; size: string | null; color: string | null }): string {
  const options = [item.size, item.color].filter(Boolean).join(", ");
  return `${item.quantity} × ${item.name}${options ? ` (${options})` : ""}`;
}

/** The items and notes of a batch's orders: two queries per batch (by the order indexes), whatever its size. */
export async function orderCsvDetails(db: Db, orderIds: string[], timeZone: string): Promise<(orderId: string) => OrderCsvDetails> {
  if (orderIds.length === 0) return () => EMPTY;
  const [items, notes] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
    db.select().from(orderNotes).where(inArray(orderNotes.orderId, orderIds)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)),
  ]);
  const byOrder = new Map<string, { items: string[]; staff: string[]; customer: string[] }>();
  const entry = (orderId: string) => {
    let found = byOrder.get(orderId);
    if (!found) byOrder.set(orderId, (found = { items: [], staff: [], customer: [] }));
    return found;
  };
  for (const item of items) entry(item.orderId).items.push(itemSummary(item));
  for (const note of notes) {
    // One line per note in one cell: line breaks inside a note become spaces.
    const line = `${formatSortableDateTime(note.createdAt, timeZone)} ${note.authorName}: ${note.body.replace(/\s*\n\s*/g, " ")}`;
    entry(note.orderId)[note.kind === "customer" ? "customer" : "staff"].push(line);
  }
  return (orderId) => {
    const found = byOrder.get(orderId);
    if (!found) return EMPTY;
    return { items: found.items.join("; "), staffNotes: found.staff.join(" | "), messages: found.customer.join(" | ") };
  };
}
