import os from "node:os";
import type { DriverName } from "~db/client";
import type { Config } from "~/env.server";
import { openBackupBucket, type BackupBucket } from "./backup-s3.server";
import type { BackupPlace } from "./take-backup.server";

const buckets = new Map<string, BackupBucket>();

/** Where this instance keeps its backups (DATA_DIR/backups) and copies them (BACKUP_S3_URL), from the configuration. */
export function backupPlace(config: Pick<Config, "dataDir" | "backupS3Url">, driver: DriverName): BackupPlace {
  let bucket: BackupBucket | undefined;
  if (config.backupS3Url) {
    bucket = buckets.get(config.backupS3Url) ?? openBackupBucket(config.backupS3Url);
    buckets.set(config.backupS3Url, bucket);
  }
  return { dataDir: config.dataDir, driver, host: os.hostname(), bucket };
}
