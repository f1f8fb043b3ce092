import path from "node:path";
import type { AppServices } from "~/context.server";
import { loadConfig, type Config } from "~/env.server";
import { openDatabase, type Database } from "~db/client";
import { createClusterApart } from "~db/pglite-cluster";
import { lockDataFolder } from "~db/pglite-lock";
import { seedIfEmpty } from "~db/seed/seed";
import { createLogger, type Logger } from "./logger";
import { contentSecurityPolicy } from "./csp";
import { PageCache } from "./page-cache";
import { compileWasmOptimizedOnly } from "./wasm-tiers";
import { createEmailTransport } from "~/modules/email/email-transport.server";
import { startEmailWorker } from "~/modules/email/email-worker.server";
import { startReminderWorker } from "~/modules/email/reminder-worker.server";
import { loadAuthSecret } from "~/modules/auth/auth-secret.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { startPaymentHoldWorker } from "~/modules/payments/payment-hold.server";
import { verifyTransaction } from "~/modules/payments/paystack-client.server";
import { pruneUnconfirmedSubscribers } from "~/modules/newsletter/newsletter.server";
import { pruneRateLimits } from "~/modules/rate-limit/rate-limit.server";
import { pruneProviderEvents } from "~/modules/payments/provider-events.server";
import { confirmUnconfirmedRefunds } from "~/modules/payments/refund-confirmation.server";
import { listenForStorefrontChanges, logStorefrontChangesTo, onStorefrontChange } from "~/modules/storefront/storefront-changes.server";
import { importUploadedFiles, pruneLocalCopies } from "~/modules/uploads/uploaded-files.server";
import { backupPlace } from "~/modules/backups/backup-place.server";
import { startBackupSchedule } from "~/modules/backups/backup-schedule.server";
import { createShopAuth } from "./auth";
import { startControlSocket } from "./control-socket";
import { DatabaseAvailability } from "./database-availability";
import { startOwnerAlerting, type OwnerAlerting } from "./owner-alerting";
import { pruneSentOwnerAlerts } from "~/modules/owner-alerts/owner-alert-digest.server";
import { flushErrorTracking, startErrorTracking } from "./error-tracking";

export type ServerServices = AppServices & {
  pageCache: PageCache;
  databaseAvailability: DatabaseAvailability;
  ownerAlerting?: OwnerAlerting;
};

export interface Booted {
  config: Config;
  logger: Logger;
  services: ServerServices;
  shutdown(): Promise<void>;
}

/** Opens the database the configuration names (or the embedded one), migrates and seeds it. */
export async function openConfiguredDatabase(
  config: Config,
  logger: Logger,
  onConnectionError?: (error: Error) => void,
): Promise<{ database: Database; release: () => void }> {
  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = await openDatabase({ url: config.databaseUrl, log: logger, onConnectionError });
    logger.info({ driver: "postgres" }, "database: PostgreSQL");
  } else {
    const dir = path.join(config.dataDir, "pglite");
    release = lockDataFolder(dir);
    if (await createClusterApart(dir)) logger.info({ dir }, "embedded database created");
    compileWasmOptimizedOnly();
    database = await openDatabase({ dataDir: dir });
    logger.info({ driver: "pglite", dir }, "database: embedded PGlite");
  }
  await database.migrate();
  if (await seedIfEmpty(database.db)) logger.info("database was empty: sample catalog seeded");
  return { database, release };
}

export async function boot(): Promise<Booted> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // Sentry, when SENTRY_DSN is set: before anything can fail.
  await startErrorTracking(config, logger);
  if (config.isProduction && !config.publicUrl) {
    logger.warn(
      `PUBLIC_URL is not set: links in emails, canonical links and the sitemap use ${config.origin}. ` +
        "Set PUBLIC_URL to the shop's public address (e.g. https://shop.example.com) before shoppers reach it.",
    );
  }
  if (config.isProduction && !config.authSecret) {
    logger.warn(
      "AUTH_SECRET is not set: the secret that signs sessions is generated and kept in the database, in plain text. " +
        "Set AUTH_SECRET (openssl rand -base64 32) from your secret store.",
    );
  }
  // Whether the database is there (decision 023): a failed connection marks it away at once,
  // and a probe brings the shop back as soon as it answers.
  let availability: DatabaseAvailability | undefined;
  // The owner's alerts (started once the email transport exists) hear of the database's comings and goings.
  let alerting: OwnerAlerting | undefined;
  const { database, release } = await openConfiguredDatabase(config, logger, (error) => availability?.notice(error));
  const databaseAvailability = (availability = new DatabaseAvailability({
    probe: () => database.ping(),
    log: logger,
    onChange: (down, at) => alerting?.databaseChanged(down, at),
  }));
  // Background work meets the outage too: its failures mark the database away (logged once,
  // there) instead of logging an error every round; each worker tries again on its own timer.
  // Any other error a worker logs is a failed job the owner hears of (throttled per job).
  const workerLog = quietDuringOutage(logger, databaseAvailability, (job, error) => alerting?.jobFailures.failed(job, error));
  // Photos an older version kept on this instance's disk join the database, where every
  // instance reads them (migration 0015).
  const importedUploads = await importUploadedFiles(database.db, config.dataDir);
  if (importedUploads > 0) logger.info(`uploads: ${importedUploads} photos copied from ${config.dataDir} into the database`);
  const prunedCopies = await pruneLocalCopies(database.db, config.dataDir);
  if (prunedCopies > 0) logger.info(`uploads: ${prunedCopies} local copies of photos no longer in the database removed`);
  const transport = createEmailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
    senderName: async () => (await getStoreSettings(database.db)).storeName,
  });
  const emailWorker = startEmailWorker({ db: database.db, transport, log: workerLog });
  // Back-in-stock emails and invitations to review (docs/product-rules.md §13 "Bringing shoppers back").
  const reminders = startReminderWorker({
    db: database.db,
    origin: config.origin,
    secret: () => loadAuthSecret(database.db, config.authSecret),
    log: workerLog,
    onQueued: emailWorker.nudge,
  });
  const ownerAlerting = (alerting = startOwnerAlerting({
    database,
    origin: config.origin,
    transport,
    log: workerLog,
    nudgeEmail: emailWorker.nudge,
  }));
  // Expired rate-limit counters are useless, and newsletter sign-ups nobody confirmed are not
  // kept: clear both hourly.
  const maintenance = setInterval(() => {
    pruneRateLimits(database.db).catch((error) => workerLog.warn({ err: error }, "pruning rate limits failed"));
    pruneUnconfirmedSubscribers(database.db).catch((error) => workerLog.warn({ err: error }, "pruning newsletter sign-ups failed"));
    pruneProviderEvents(database.db).catch((error) => workerLog.warn({ err: error }, "pruning applied Paystack events failed"));
    pruneSentOwnerAlerts(database.db).catch((error) => workerLog.warn({ err: error }, "pruning sent owner alerts failed"));
  }, 60 * 60_000);
  maintenance.unref();
  logger.info(`email: ${transport.describe()}`);
  // Online orders unpaid after the hold (Settings → Payments) are cancelled, after one last
  // check with Paystack; only when Paystack is configured (otherwise no order is held).
  const { secretKey, apiUrl } = config.paystack;
  const paymentHold = secretKey
    ? startPaymentHoldWorker({
        db: database.db,
        verify: (reference) => verifyTransaction({ secretKey, apiUrl }, reference),
        log: workerLog,
        sender: { origin: config.origin },
      })
    : null;
  if (paymentHold) logger.info("payment hold: unpaid online orders are checked every 15 seconds");
  // Refunds whose answer from Paystack was lost are looked up at Paystack every minute.
  let confirming: Promise<unknown> = Promise.resolve();
  const refundConfirmation = secretKey
    ? setInterval(() => {
        confirming = confirmUnconfirmedRefunds({ db: database.db, paystack: { secretKey, apiUrl }, sender: { origin: config.origin } })
          .then((checked) => checked > 0 && logger.info({ checked }, "refunds: unconfirmed refunds checked with Paystack"))
          .catch((error: unknown) => workerLog.error({ err: error }, "checking unconfirmed refunds with Paystack failed"));
      }, 60_000)
    : null;
  refundConfirmation?.unref();
  // The daily backup (Settings → System), taken by one instance of however many; on the
  // embedded database `npm run backup` reaches this process through DATA_DIR/shop.sock.
  const place = backupPlace(config, database.driver);
  const backupSchedule = startBackupSchedule({ db: database.db, place, log: workerLog });
  const controlSocket =
    database.driver === "pglite" ? startControlSocket({ dataDir: config.dataDir, db: database.db, place, log: logger }) : null;
  if (place.bucket) logger.info(`backups: copied to ${place.bucket.describe}`);
  const auth = await createShopAuth(config, database.db, logger, emailWorker.nudge);
  const pageCache = new PageCache((hashes) => contentSecurityPolicy(hashes.join(" ")));
  // Storefront changes (announced by module commands, here or on another instance) clear the
  // cached pages; the catalog and settings caches subscribe themselves.
  onStorefrontChange(database.db, () => pageCache.clear());
  logStorefrontChangesTo(database.db, logger);
  // Other instances announce through PostgreSQL NOTIFY; one dedicated connection listens.
  // It reconnects by itself after a restart, trying at most every 5 s, so an instance hears
  // the others again within seconds of the database's return.
  const listener = config.databaseUrl
    ? listenForStorefrontChanges({ db: database.db, url: config.databaseUrl, log: logger, maxRetryMs: 5_000 })
    : null;
  const services: ServerServices = {
    database,
    config,
    log: logger,
    startedAt: new Date(),
    email: { nudge: emailWorker.nudge, transport: transport.describe() },
    pageCache,
    auth,
    databaseAvailability,
    ownerAlerting,
  };
  return {
    config,
    logger,
    services,
    async shutdown() {
      clearInterval(maintenance);
      if (refundConfirmation) clearInterval(refundConfirmation);
      await confirming;
      await controlSocket?.close();
      await backupSchedule.stop();
      databaseAvailability.stop();
      await paymentHold?.stop();
      await ownerAlerting.stop();
      await reminders.stop();
      await emailWorker.stop();
      await listener?.close();
      await database.close();
      release();
      await flushErrorTracking();
    },
  };
}

/**
 * `logger` for a background worker: a failure that only says the database is away marks it so
 * (`availability.notice`, which logs the outage once) and is written at debug; anything else is
 * logged as the worker asked, and an error is also a failed job (`onJobFailure`, named by the
 * log line's message: one fixed text per place a worker fails).
 */
function quietDuringOutage(logger: Logger, availability: DatabaseAvailability, onJobFailure: (job: string, error: unknown) => void) {
  const quieted = (level: "warn" | "error") => (obj: object, msg?: string) => {
    const error = (obj as { err?: unknown }).err;
    if (error !== undefined && availability.notice(error)) return logger.debug(obj, msg);
    logger[level](obj, msg);
    if (level === "error") onJobFailure(msg ?? "a background job", error ?? (obj as { error?: unknown }).error);
  };
  return { info: (obj: object, msg?: string) => logger.info(obj, msg), warn: quieted("warn"), error: quieted("error") };
}
