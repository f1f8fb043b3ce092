import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3TestServer {
  /** BACKUP_S3_URL for a folder `prefix` in the bucket "shop-backups" (s3rver's own fixed credentials). */
  urlFor(prefix: string): string;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free port, its bucket "shop-backups" ready, its files in a temporary folder. */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: "shop-backups", configs: [] }],
  });
  const { port } = await s3.run();
  return {
    urlFor: (prefix) => `http://S3RVER:S3RVER@127.0.0.1:${port}/shop-backups/${prefix}?region=us-east-1`,
    async close() {
      await s3.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
