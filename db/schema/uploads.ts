import { customType, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The same bytes as a Buffer, without copying them. */
export const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Raw bytes. PGlite hands them back as a Uint8Array, node-postgres as a Buffer: always a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: asBuffer,
});

/**
 * Uploaded photos: product and review photos (served under /uploads/) and the private reference
 * photos of custom requests. They live in the database like everything else that matters, so any
 * number of instances serve the same ones (docs/product-rules.md §13 "Several instances, one database").
 * A row never changes once written: names come from a hash of the content or random bytes.
 */
export const uploadedFiles = pgTable("uploaded_files", {
  /** Where the file is read from: `products/<name>-<width>.webp`, `custom-requests/<name>.webp`. */
  path: text("path").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
