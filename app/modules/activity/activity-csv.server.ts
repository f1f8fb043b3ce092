import type { Db } from "~db/client";
import { csvHeader, csvRows, type CsvColumn } from "~/lib/csv";
import { formatSortableDateTime } from "~/lib/dates";
import type { CurrencyCode } from "~/lib/money";
import { ACTIVITY_AREAS } from "./activity-kinds";
import { allActivity, type ActivityEntry, type ActivityFilter } from "./activity-log.server";
import { withDiscountKinds, type ActivityRow } from "./activity-read.server";
import { changesInOneLine, entrySummary, roleLabel, shownChanges } from "./describe-change";

/**
 * The activity log as CSV (the Owner's export, decision 049): every entry the page's filters
 * match, newest first, read along the log's index a batch at a time (allActivity), so an export
 * of a million entries never holds more than one batch. Each entry's changes come twice: in
 * words ("Price: ₵299.99 → ₵300.99; Stock: 5 → 3") and as the recorded JSON. Text a spreadsheet
 * would run as a formula is neutralised by ~/lib/csv.
 */
export const ACTIVITY_CSV_BATCH_SIZE = 1_000;

function csvColumns(options: { currency: CurrencyCode; timeZone: string }): CsvColumn<ActivityRow>[] {
  const areaLabel = (area: string) => (ACTIVITY_AREAS as Record<string, string>)[area] ?? area;
  return [
    { header: "Time (UTC)", value: (e) => e.at.toISOString() },
    { header: `Time (${options.timeZone})`, value: (e) => formatSortableDateTime(e.at, options.timeZone) },
    { header: "Person", value: (e) => e.actorName },
    { header: "Role", value: (e) => roleLabel(e.actorRole) },
    { header: "Address", value: (e) => e.ip },
    { header: "Form", value: (e) => e.action },
    { header: "Area", value: (e) => areaLabel(e.area) },
    { header: "Kind", value: (e) => e.kind },
    { header: "Operation", value: (e) => e.operation },
    { header: "Subject", value: (e) => e.subjectLabel },
    { header: "Subject id", value: (e) => e.subjectId },
    { header: "Product id", value: (e) => e.productId },
    { header: "Order id", value: (e) => e.orderId },
    { header: "What", value: (e) => entrySummary(e) },
    { header: "Changes", value: (e) => changesInOneLine(e, options) },
    { header: "Changes (JSON)", value: (e) => JSON.stringify(shownChanges(e)) },
  ];
}

/** The CSV as pieces: the header line, then one piece per batch of entries. */
export async function* activityCsvChunks(
  db: Db,
  filter: ActivityFilter,
  options: { currency: CurrencyCode; timeZone: string; batchSize?: number },
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? ACTIVITY_CSV_BATCH_SIZE;
  const columns = csvColumns(options);
  yield csvHeader(columns);
  let batch: ActivityEntry[] = [];
  for await (const entry of allActivity(db, filter, options.timeZone, batchSize)) {
    batch.push(entry);
    if (batch.length < batchSize) continue;
    yield csvRows(columns, await withDiscountKinds(db, batch));
    batch = [];
  }
  if (batch.length > 0) yield csvRows(columns, await withDiscountKinds(db, batch));
}
