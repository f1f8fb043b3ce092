import path from "node:path";
import { z } from "zod";

/**
 * The shop's configuration, read from the environment once at start-up.
 * This is the only module that reads process.env; everything else receives a Config.
 */
const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "PORT must be a number" })
      .int("PORT must be a whole number")
      .min(1, "PORT must be between 1 and 65535")
      .max(65535, "PORT must be between 1 and 65535")
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ error: "PUBLIC_URL must be a full URL such as https://shop.example.com" })
      .transform((url) => url.replace(/\/+$/, ""))
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must look like smtp://user:pass@host:587 (or smtps:// for port 465)")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('"Ahenfie" <hello@ahenfie.com>')),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["0", "1"], { error: "TRUST_PROXY must be 0 or 1" }).default("0")),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "AUTH_SECRET must be at least 32 characters (e.g. openssl rand -base64 32)").optional(),
  ),
  MALLOC_TRIM_INTERVAL_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "MALLOC_TRIM_INTERVAL_MS must be a number of milliseconds (0 turns trimming off)" })
      .int("MALLOC_TRIM_INTERVAL_MS must be a whole number of milliseconds")
      .min(0, "MALLOC_TRIM_INTERVAL_MS must be between 0 (off) and 60000")
      .max(60_000, "MALLOC_TRIM_INTERVAL_MS must be between 0 (off) and 60000")
      .default(1000),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  PAYSTACK_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^sk_(test|live)_\w+$/, "PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…)")
      .optional(),
  ),
  PAYSTACK_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_\w+$/, "PAYSTACK_PUBLIC_KEY must be a Paystack public key (pk_test_… or pk_live_…)")
      .optional(),
  ),
  PAYSTACK_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ error: "PAYSTACK_API_URL must be a full URL such as https://api.paystack.co" })
      .transform((url) => url.replace(/\/+$/, ""))
      .default("https://api.paystack.co"),
  ),
  BACKUP_S3_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^https?:\/\/[^:@/\s]+:[^@/\s]+@[^/\s]+\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^\s?]*)?(\?region=[\w-]+)?$/,
        "BACKUP_S3_URL must look like https://ACCESS_KEY:SECRET_KEY@s3.example.com/bucket/optional/prefix?region=auto",
      )
      .optional(),
  ),
  SENTRY_DSN: z.preprocess(
    emptyToUndefined,
    z.url({ error: "SENTRY_DSN must be the DSN Sentry gives, https://KEY@o0.ingest.sentry.io/PROJECT" }).optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24)").optional(),
  ),
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PUBLIC_URL as set (unset: the shop does not know its public address). */
  publicUrl: string | undefined;
  /**
   * The one origin every link, canonical, email and redirect is built from: PUBLIC_URL, or
   * http://localhost:PORT when unset. Never a request's Host or X-Forwarded-Host, which the
   * sender controls (a forged Host would otherwise reach cached pages and emails).
   */
  origin: string;
  logLevel: string;
  /** SMTP server for outgoing email; unset writes .eml files to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Behind one reverse proxy: take the visitor's address from the last X-Forwarded-For entry
   * (the one the proxy appended), and https from X-Forwarded-Proto.
   */
  trustProxy: boolean;
  /** Signs session cookies and email links; unset → generated once and kept in the database. */
  authSecret: string | undefined;
  /**
   * Paystack (card and mobile money). Without a secret key the shop takes Pay on Delivery only.
   * The secret never reaches the browser or a log line; `apiUrl` points tests and local tries
   * at a stand-in.
   */
  paystack: { secretKey: string | undefined; publicKey: string | undefined; apiUrl: string };
  /** An S3-compatible bucket every backup is copied to (docs/deploy.md); unset keeps them on disk only. */
  backupS3Url: string | undefined;
  /** Errors go to Sentry too when set (the official SDK). */
  sentryDsn: string | undefined;
  /** `/metrics` (Prometheus) answers a request bearing this token; unset, it is not served. */
  metricsToken: string | undefined;
  /** How often the server gives glibc's free memory back (server/malloc-trim.ts); 0: never. */
  mallocTrimIntervalMs: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL,
    origin: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY === "1",
    authSecret: e.AUTH_SECRET,
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY, publicKey: e.PAYSTACK_PUBLIC_KEY, apiUrl: e.PAYSTACK_API_URL },
    backupS3Url: e.BACKUP_S3_URL,
    sentryDsn: e.SENTRY_DSN,
    metricsToken: e.METRICS_TOKEN,
    mallocTrimIntervalMs: e.MALLOC_TRIM_INTERVAL_MS,
  };
}
