import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * One row per backup the shop made or is making (docs/product-rules.md §9, decision 025):
 * the daily one the server takes on its own (`scheduled`), one asked for in Settings → System
 * or by `npm run backup` (`manual`). The file lives on the disk of the instance that wrote it
 * (`host`, `file_name` under DATA_DIR/backups) and, when BACKUP_S3_URL is set, in the bucket
 * (`s3_key`). `scheduled_for` is unique: of several instances, one takes each day's backup.
 */
export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** running | succeeded | failed */
    status: text("status").notNull().default("running"),
    /** The day's slot a scheduled backup fills ("2026-12-02"), null for a manual one. */
    scheduledFor: text("scheduled_for"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    host: text("host").notNull(),
    fileName: text("file_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    sha256: text("sha256"),
    rowCount: integer("row_count"),
    /** Where the copy went in the bucket, once it is there. */
    s3Key: text("s3_key"),
    s3Error: text("s3_error"),
    error: text("error"),
    /** Set once retention removed the file (and its copy in the bucket). */
    prunedAt: timestamp("pruned_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("backups_scheduled_for_unique")
      .on(t.scheduledFor)
      .where(sql`${t.scheduledFor} is not null`),
    index("backups_started_idx").on(t.startedAt.desc()),
  ],
);

/**
 * What the owner must hear about (a burst of server errors, a failed job or backup, a refused
 * webhook, a payment that does not add up, a dispute, the database away): raised as they
 * happen, sent as one digest email per 15 minutes at most (`digest_sent_at`). `kind` groups
 * them in the digest; `details` holds what helps (the order, the path, the request id).
 */
export const ownerAlerts = pgTable(
  "owner_alerts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    details: jsonb("details").$type<Record<string, string | number | null>>(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
  },
  (t) => [
    index("owner_alerts_unsent_idx")
      .on(t.occurredAt)
      .where(sql`${t.digestSentAt} is null`),
    index("owner_alerts_sent_idx").on(t.digestSentAt.desc()),
  ],
);
