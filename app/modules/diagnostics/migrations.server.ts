import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, queryRows, type Db } from "~db/client";

/** A migration committed with the code (db/migrations/meta/_journal.json). */
export interface KnownMigration {
  tag: string;
  /** The journal's timestamp; drizzle records it as created_at when it applies the migration. */
  when: number;
  /** sha256 of the SQL file, as drizzle records it. */
  hash: string;
}

export interface MigrationLevel {
  /** Rows in drizzle.__drizzle_migrations. */
  applied: number;
  /** The newest applied migration; tag is null when the code does not know it. */
  latest: { tag: string | null; hash: string; generatedAt: string | null } | null;
  /** Migrations in the code's journal. */
  known: number;
  latestKnownTag: string | null;
  /** Known migrations newer than the latest applied one (drizzle would apply them next start). */
  pending: string[];
  /** The latest applied migration's file was edited after it ran (its hash differs). */
  latestChanged: boolean;
  upToDate: boolean;
}

/** The journal and a hash of each migration file, the way drizzle's migrator reads them. */
export async function knownMigrations(folder = migrationsFolder): Promise<KnownMigration[]> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return Promise.all(
    journal.entries.map(async (entry) => {
      const text = await fs.readFile(path.join(folder, `${entry.tag}.sql`), "utf8");
      return { tag: entry.tag, when: entry.when, hash: crypto.createHash("sha256").update(text).digest("hex") };
    }),
  );
}

/** Compares drizzle's record of applied migrations with the migrations in the code. */
export async function migrationLevel(db: Db, folder = migrationsFolder): Promise<MigrationLevel> {
  const known = await knownMigrations(folder);
  const applied = await queryRows<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc, id desc`,
  );
  const newest = applied[0];
  const newestWhen = newest ? Number(newest.created_at) : null;
  const newestKnown = newest ? known.find((m) => m.when === newestWhen) : undefined;
  const pending = known.filter((m) => newestWhen === null || m.when > newestWhen).map((m) => m.tag);
  const latestChanged = Boolean(newestKnown && newest && newestKnown.hash !== newest.hash);
  return {
    applied: applied.length,
    latest: newest
      ? {
          tag: newestKnown?.tag ?? null,
          hash: newest.hash,
          // drizzle stores the journal's timestamp (when the migration was generated), not the
          // time it was applied.
          generatedAt: Number.isFinite(newestWhen) ? new Date(newestWhen!).toISOString() : null,
        }
      : null,
    known: known.length,
    latestKnownTag: known.at(-1)?.tag ?? null,
    pending,
    latestChanged,
    upToDate: pending.length === 0 && !latestChanged,
  };
}
