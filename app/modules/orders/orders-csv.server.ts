import { and, sql, type SQL } from "drizzle-orm";
import type { Db } from "~db/client";
import { formatSortableDateTime } from "~/lib/dates";
import { orders } from "~db/schema/orders";
import { csvLine, csvText } from "~/lib/csv";
import { csvByteStream } from "~/lib/csv-response.server";
import { toDecimalString } from "~/lib/money";
import { paymentMethods } from "~/modules/orders/order-constants";
import type { AdminOrderFilters } from "./order-filters.schema";
import { newestFirst, orderListCondition, orderRowColumns } from "./order-list.server";
import { orderCsvDetails } from "./orders-csv-details.server";
import { countryName, regionName } from "~/modules/shipping/areas";

/**
 * CSV export of the filtered orders list (the same search and filters as the table, every
 * page), newest first, with each order's total and its payment ledger (paid, refunded, net,
 * outstanding: docs/decisions/031), items, shipping address (country, Ghana region), shipping
 * zone and delivery estimate as they were at checkout, carrier and tracking, the
 * customer's checkout notes, the staff notes, the messages to the customer and the discount code with what it saved. Rows are read in batches along the list's index (keyset paging), so an
 * export of 100,000 orders never holds more than one batch; the export route streams them (csvResponse).
 */
export const CSV_BATCH_SIZE = 1_000;

export interface OrdersCsvOptions {
  /** Dates are written in the store's time zone (Settings); Africa/Accra by default. */
  timeZone?: string;
  batchSize?: number;
}

const LINE_END = "\r\n";
/** "paid" → "Paid", "partially_refunded" → "Partially refunded". */
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replaceAll("_", " ");
const methodLabel = (method: string) => paymentMethods.find((m) => m.value === method)?.label ?? method;

/** The CSV as pieces: the header line, then one piece per batch of rows. */
export async function* ordersCsvChunks(db: Db, filters: AdminOrderFilters, options: OrdersCsvOptions = {}): AsyncGenerator<string> {
  const timeZone = options.timeZone ?? "Africa/Accra";
  const formatDate = (date: Date) => formatSortableDateTime(date, timeZone);
  const batchSize = options.batchSize ?? CSV_BATCH_SIZE;
  yield (
    csvLine([
      "Order number",
      `Date (${timeZone})`,
      "Customer",
      "Email",
      "Phone",
      "Status",
      "Payment",
      "Method",
      "Currency",
      "Total",
      "Paid",
      "Refunded",
      "Net",
      "Outstanding",
      "Items",
      "Shipping address",
      "Country",
      "Region",
      "Shipping zone",
      "Delivery estimate",
      "Carrier",
      "Tracking number",
      "Customer notes",
      "Staff notes",
      "Messages to customer",
      // Issue 47: the discount code and what it saved (a free-shipping code: the fee waived).
      "Discount code",
      "Discount saved",
    ]) + LINE_END
  );

  const where = await orderListCondition(db, filters);
  if (where === "too-short") return;
  let cursor: BatchCursor | null = null;
  for (;;) {
    const rows = await readBatch(db, where, cursor, batchSize);
    if (rows.length === 0) return;
    const details = await orderCsvDetails(
      db,
      rows.map((r) => r.id),
      timeZone,
    );
    yield rows
      .map((r) => {
        const more = details(r.id);
        return (
          csvLine([
            r.orderNumber,
            formatDate(r.createdAt),
            r.customerName,
            r.customerEmail,
            r.customerPhone,
            capitalise(r.orderStatus),
            capitalise(r.paymentStatus),
            methodLabel(r.paymentMethod),
            r.currency,
            toDecimalString(Number(r.totalAmount)),
            toDecimalString(Number(r.paid)),
            toDecimalString(Number(r.refunded)),
            toDecimalString(Number(r.net)),
            toDecimalString(Number(r.outstanding)),
            more.items,
            r.customerAddress,
            countryName(r.customerCountry),
            r.customerRegion ? regionName(r.customerRegion) : null,
            r.shippingZone,
            r.deliveryEstimate,
            r.shippingCarrier,
            r.trackingNumber,
            r.notes,
            more.staffNotes,
            more.messages,
            r.discountCode,
            r.discountCode ? toDecimalString(Number(r.discountCodeSaving)) : null,
          ]) + LINE_END
        );
      })
      .join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/** Where the last batch ended; created_at as PostgreSQL's text, since a Date drops microseconds. */
interface BatchCursor {
  at: string;
  id: string;
}

function readBatch(db: Db, where: SQL | undefined, cursor: BatchCursor | null, batchSize: number) {
  // "Older than the last row, or as old with a larger id". The first term on its own is what
  // lets PostgreSQL start each batch on the index where the last one ended (an OR cannot).
  const after = cursor
    ? sql`${orders.createdAt} <= ${cursor.at}::timestamptz and (${orders.createdAt} < ${cursor.at}::timestamptz or ${orders.id} > ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({
      ...orderRowColumns,
      customerAddress: orders.customerAddress,
      customerCountry: orders.customerCountry,
      customerRegion: orders.customerRegion,
      shippingZone: orders.shippingZone,
      deliveryEstimate: orders.deliveryEstimate,
      notes: orders.notes,
      shippingCarrier: orders.shippingCarrier,
      trackingNumber: orders.trackingNumber,
      discountCode: orders.discountCode,
      discountCodeSaving: orders.discountCodeSaving,
      cursorAt: sql<string>`${orders.createdAt}::text`,
      // The payment ledger's figures of the order (docs/decisions/031), as the database defines them.
      paid: sql<string>`order_paid_part(${orders.paymentStatus}, ${orders.paidAmount})`,
      refunded: sql<string>`order_refunded_part(${orders.paymentStatus}, ${orders.paidAmount}, ${orders.refundedAmount})`,
      net: sql<string>`order_net_part(${orders.paymentStatus}, ${orders.paidAmount}, ${orders.refundedAmount})`,
      outstanding: sql<string>`order_outstanding_part(${orders.orderStatus}, ${orders.paymentStatus}, ${orders.totalAmount} - ${orders.paidAmount})`,
    })
    .from(orders)
    .where(and(where, after))
    .orderBy(...newestFirst)
    .limit(batchSize);
}

/** The whole CSV as one string (tests, small exports). */
export async function ordersCsv(db: Db, filters: AdminOrderFilters, options: OrdersCsvOptions = {}): Promise<string> {
  return csvText(ordersCsvChunks(db, filters, options));
}

/** The CSV as a byte stream with a byte-order mark (csvByteStream), read batch by batch. */
export function ordersCsvStream(db: Db, filters: AdminOrderFilters, options: OrdersCsvOptions = {}): ReadableStream<Uint8Array> {
  return csvByteStream(ordersCsvChunks(db, filters, options));
}
