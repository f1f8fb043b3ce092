import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { text } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "~db/client";
import { lockDataFolder } from "~db/pglite-lock";
import { ConfigError, loadConfig } from "~/env.server";
import { formatFileSize } from "~/lib/numbers";
import { backupFileName, BackupError, BACKUP_FILE_SUFFIX } from "~/modules/backups/backup-format";
import { backupPlace } from "~/modules/backups/backup-place.server";
import { backupsFolder, streamBackup, takeBackup, type BackupRecord } from "~/modules/backups/take-backup.server";
import { verifyBackup } from "~/modules/backups/verify-backup.server";
import { controlSocketPath } from "../server/control-socket";

/**
 * npm run backup [-- --out FILE]
 * One consistent, compressed file holding the whole shop (decision 025), while it serves.
 * Default: DATA_DIR/backups/ahenfie-<time>.ahenfie-backup.gz, listed in Settings → System and
 * copied to BACKUP_S3_URL when set. On PostgreSQL it reads from its own snapshot; on the
 * embedded database it asks the running shop (over DATA_DIR/shop.sock), or opens the folder
 * itself when the shop is stopped. The file is read back and checked before it is reported.
 */
const usage = "Usage: npm run backup [-- --out FILE]";

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
  const config = loadConfig();
  const started = Date.now();
  const out = values.out ? path.resolve(values.out) : path.join(backupsFolder(config.dataDir), backupFileName(new Date()));
  const inFolder = path.dirname(out) === backupsFolder(config.dataDir) && out.endsWith(BACKUP_FILE_SUFFIX);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: inFolder ? 0o700 : 0o755 });
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose another --out.`);

  let record: BackupRecord | null;
  const embedded = !config.databaseUrl;
  const folder = path.join(config.dataDir, "pglite");
  if (embedded && !fs.existsSync(path.join(folder, "PG_VERSION"))) {
    throw new BackupError(`There is no shop in ${config.dataDir} (no embedded database): set DATA_DIR, or DATABASE_URL for PostgreSQL.`);
  }
  const release = embedded ? tryLock(folder) : () => {};
  if (release === null) {
    record = await askRunningShop(controlSocketPath(config.dataDir), out, inFolder);
  } else {
    let database: Database | undefined;
    try {
      database = await openDatabase(embedded ? { dataDir: folder } : { url: config.databaseUrl, poolSize: 2 });
      const place = backupPlace(config, database.driver);
      record = inFolder
        ? await takeBackup(database.db, place, { kind: "manual", now: new Date(started) })
        : await writeFile(out, (stream) => streamBackup(database!.db, place, out, stream));
    } finally {
      await database?.close();
      release();
    }
  }
  const written = inFolder && record?.fileName ? path.join(path.dirname(out), record.fileName) : out;
  const checked = await verifyBackup(fs.createReadStream(written));
  const size = fs.statSync(written).size;
  console.log(`Backup written: ${written}`);
  console.log(
    `  ${checked.rows.toLocaleString("en")} rows in ${checked.tables} tables, ${formatFileSize(size)}, in ${((Date.now() - started) / 1000).toFixed(1)} s; read back and checked.`,
  );
  if (record?.s3Key) console.log(`  Copied to the bucket as ${record.s3Key}.`);
  if (record?.s3Error) console.log(`  The copy to the bucket failed: ${record.s3Error}`);
  console.log(`  Restore with: npm run restore -- ${JSON.stringify(written)}`);
}

/** The embedded database's lock, or null when the running shop holds it. */
function tryLock(folder: string): (() => void) | null {
  try {
    return lockDataFolder(folder);
  } catch (error) {
    if (/in use by process/.test((error as Error).message)) return null;
    throw error;
  }
}

async function writeFile(out: string, write: (stream: fs.WriteStream) => Promise<BackupRecord | null>): Promise<BackupRecord | null> {
  const partial = `${out}.partial`;
  try {
    const record = await write(fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, out);
    return record;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** The running shop takes the backup (its process holds the embedded database). */
async function askRunningShop(socketPath: string, out: string, inFolder: boolean): Promise<BackupRecord | null> {
  const ask = (query: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ socketPath, method: "POST", path: `/backup${query}` }, resolve);
      req.on("error", (error) =>
        reject(
          new BackupError(
            `The shop is running but did not answer on ${socketPath} (${error.message}). Is it a version without backups? Stop it, then run the backup again.`,
          ),
        ),
      );
      req.end();
    });
  const answer = await ask(inFolder ? "" : `?stream=${encodeURIComponent(out)}`);
  if (answer.statusCode !== 200) {
    const message = await text(answer).catch(() => "");
    throw new BackupError(message.trim() || `The shop answered ${answer.statusCode}.`);
  }
  if (inFolder) return JSON.parse(await text(answer)) as BackupRecord;
  await writeFile(out, async (stream) => {
    await pipeline(answer, stream);
    return null;
  });
  return null;
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else if (error instanceof Error && error.message.startsWith("Unknown option")) console.error(`${error.message}\n${usage}`);
  else console.error(error);
  process.exitCode = 1;
});
