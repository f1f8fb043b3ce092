import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { migrationsFolder } from "~db/client";

/**
 * db/migrations as it stood before migration `tag` (its journal cut before that entry), in a
 * temporary folder the caller removes: a test of a data migration applies this first, adds the
 * rows of a shop as it stood, then migrates the rest.
 */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-before-${tag.slice(0, 4)}-`));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const entry = journal.entries.find((e) => e.tag === tag);
  expect(entry, `migration ${tag} in the journal`).toBeDefined();
  journal.entries = journal.entries.filter((e) => e.idx < entry!.idx);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
