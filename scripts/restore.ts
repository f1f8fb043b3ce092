import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "~db/client";
import { createClusterApart } from "~db/pglite-cluster";
import { lockDataFolder } from "~db/pglite-lock";
import { ConfigError, loadConfig } from "~/env.server";
import { BackupError } from "~/modules/backups/backup-format";
import { restoreBackup } from "~/modules/backups/restore-backup.server";
import { announceStorefrontChange } from "~/modules/storefront/storefront-changes.server";

/**
 * npm run restore -- FILE [--force]
 * Restores a backup (npm run backup, or Settings → System's download) into the configured
 * database: DATABASE_URL's PostgreSQL, or the embedded database in DATA_DIR (stop the shop
 * first). An empty database only, unless --force: then everything in it is replaced. Either
 * database takes either's backups. Nothing changes unless the whole file restores and checks.
 */
const usage = "Usage: npm run restore -- FILE [--force]";

async function main() {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true, strict: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new BackupError(usage);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`There is no file ${source}.`);
  const config = loadConfig();
  const started = Date.now();
  let release = () => {};
  let database: Database | undefined;
  try {
    if (config.databaseUrl) {
      database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
    } else {
      const folder = path.join(config.dataDir, "pglite");
      // Throws, naming the process, while the shop runs on this folder.
      release = lockDataFolder(folder);
      await createClusterApart(folder);
      database = await openDatabase({ dataDir: folder });
    }
    const where = database.driver === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
    console.log(`Restoring ${source} into ${where}…`);
    const restored = await restoreBackup(database, fs.createReadStream(source), { force: values.force });
    // Shops running on this PostgreSQL database drop what they cached of the old one.
    if (database.driver === "postgres") await announceStorefrontChange(database.db);
    const made = `${restored.header.createdAt.slice(0, 16).replace("T", " ")} UTC by version ${restored.header.shopVersion} on ${restored.header.driver === "pglite" ? "the embedded database" : "PostgreSQL"}`;
    console.log(`Restored the backup made ${made}:`);
    console.log(
      `  ${restored.rows.toLocaleString("en")} rows in ${restored.tables} tables, every table checked, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (restored.upgradedBy > 0)
      console.log(`  ${restored.upgradedBy} newer migrations applied: the data is now at this version's schema.`);
  } finally {
    await database?.close();
    release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else if (error instanceof Error && /in use by process|Unknown option|Unexpected argument/.test(error.message))
    console.error(`${error.message}\n${usage}`);
  else console.error(error);
  process.exitCode = 1;
});
