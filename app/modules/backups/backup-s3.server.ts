import fs from "node:fs";
import type { Readable } from "node:stream";
import type * as AwsS3 from "@aws-sdk/client-s3";

/**
 * The AWS SDK, loaded when a bucket is first used, not when the server starts: a shop without
 * BACKUP_S3_URL never needs it, one with it once a day. Loaded at start it held 4 MB of the idle
 * server's memory (V8's heap 49 → 53 MB) and took 0.1 s (docs/performance.md, "2026-12-05,
 * 11:33–12:25 UTC").
 */
let sdk: Promise<typeof AwsS3> | undefined;
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

/**
 * The bucket backups are copied to: BACKUP_S3_URL, `https://ACCESS_KEY:SECRET_KEY@host/bucket/prefix?region=R`.
 * Any S3-compatible store (AWS S3, Cloudflare R2, Backblaze B2, DigitalOcean Spaces, MinIO):
 * path-style addressing, which all of them accept, so the bucket never has to be a host name.
 */
export interface BackupBucket {
  /** The bucket's S3 client, made on first use, with the SDK it came from (its commands). */
  connect(): Promise<{ client: AwsS3.S3Client; sdk: typeof AwsS3 }>;
  bucket: string;
  /** "" or "shop/backups/" */
  prefix: string;
  /** "s3.example.com/bucket/prefix", for the owner to see where copies go (never the keys). */
  describe: string;
}

export function openBackupBucket(url: string): BackupBucket {
  const parsed = new URL(url);
  const [bucket = "", ...rest] = parsed.pathname.replace(/^\/+/, "").split("/");
  const prefix = rest.filter(Boolean).join("/");
  let connected: Promise<{ client: AwsS3.S3Client; sdk: typeof AwsS3 }> | undefined;
  const clientWithSdk = (sdk: typeof AwsS3) => ({
    sdk,
    client: new sdk.S3Client({
      endpoint: `${parsed.protocol}//${parsed.host}`,
      region: parsed.searchParams.get("region") ?? "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: decodeURIComponent(parsed.username), secretAccessKey: decodeURIComponent(parsed.password) },
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
      // default (streamed uploads with trailing checksums).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    }),
  });
  return {
    connect: () => (connected ??= loadSdk().then(clientWithSdk)),
    bucket,
    prefix: prefix ? `${prefix}/` : "",
    describe: `${parsed.host}/${bucket}${prefix ? `/${prefix}` : ""}`,
  };
}

/** Copies a finished backup file to the bucket; resolves to the object's key. */
export async function copyToBucket(bucket: BackupBucket, filePath: string, fileName: string, sha256: string): Promise<string> {
  const key = `${bucket.prefix}${fileName}`;
  const { size } = fs.statSync(filePath);
  const { client, sdk } = await bucket.connect();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucket.bucket,
      Key: key,
      Body: fs.createReadStream(filePath),
      ContentLength: size,
      ContentType: "application/gzip",
      Metadata: { sha256 },
    }),
  );
  return key;
}

export async function readFromBucket(bucket: BackupBucket, key: string): Promise<{ body: Readable; size: number | undefined }> {
  const { client, sdk } = await bucket.connect();
  const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
  return { body: answer.Body as Readable, size: answer.ContentLength };
}

export async function deleteFromBucket(bucket: BackupBucket, key: string): Promise<void> {
  const { client, sdk } = await bucket.connect();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket.bucket, Key: key }));
}
