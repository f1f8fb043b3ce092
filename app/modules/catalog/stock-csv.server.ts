import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~db/client";
import { csvHeader, csvRows, csvText, type CsvColumn } from "~/lib/csv";
import { SIZES } from "./catalog-constants";

/**
 * The stocktake sheet (docs/product-rules.md §5, stock CSV): every variant of every product as
 * SKU, Product, Colour, Size, Stock, products by name, then each product's colours in their
 * order and sizes S → XXL. Staff count, change the Stock column and import the same file
 * (stock-import.server.ts reads SKU and Stock and ignores the rest).
 *
 * Products are read in batches by name (keyset paging on lower(name), id), so an export of any
 * catalog holds one batch at a time.
 */
const STOCK_CSV_BATCH_SIZE = 500;

interface StockRow {
  sku: string;
  product: string;
  color: string;
  size: string;
  stock: number;
}

const columns: CsvColumn<StockRow>[] = [
  { header: "SKU", value: (r) => r.sku },
  { header: "Product", value: (r) => r.product },
  { header: "Colour", value: (r) => r.color },
  { header: "Size", value: (r) => r.size },
  { header: "Stock", value: (r) => r.stock },
];

const sizeOrder = sql.raw(`array[${SIZES.map((s) => `'${s}'`).join(",")}]::text[]`);

/** The CSV as pieces: the header line, then one piece per batch of products. */
export async function* stockCsvChunks(db: Db, options: { batchSize?: number } = {}): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? STOCK_CSV_BATCH_SIZE;
  yield csvHeader(columns);
  let after: { sortName: string; id: number } | null = null;
  for (;;) {
    const start: SQL = after ? sql`where (lower(name), id) > (${after.sortName}, ${after.id})` : sql``;
    const batch: { id: number; sort_name: string }[] = await queryRows<{ id: number; sort_name: string }>(
      db,
      sql`select id, lower(name) as sort_name from products ${start} order by lower(name), id limit ${batchSize}`,
    );
    if (batch.length === 0) return;
    const ids = sql.join(
      batch.map((p) => sql`${p.id}::integer`),
      sql`, `,
    );
    const rows = await queryRows<StockRow>(
      db,
      sql`select v.sku, p.name as product, v.color, v.size, v.stock
        from product_variants v
        join products p on p.id = v.product_id
        left join product_colors c on c.product_id = v.product_id and c.name = v.color
        where v.product_id in (${ids})
        order by lower(p.name), p.id, c.position nulls first, array_position(${sizeOrder}, v.size), v.id`,
    );
    if (rows.length > 0) yield csvRows(columns, rows);
    if (batch.length < batchSize) return;
    const last: { id: number; sort_name: string } = batch[batch.length - 1]!;
    after = { sortName: last.sort_name, id: last.id };
  }
}

/** The whole CSV as one string (tests, small catalogs). */
export async function stockCsv(db: Db, options: { batchSize?: number } = {}): Promise<string> {
  return csvText(stockCsvChunks(db, options));
}
