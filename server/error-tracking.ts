import { createRequire } from "node:module";
import type { Config } from "~/env.server";
import { maskEmails } from "~/lib/log-privacy.server";
import type { Logger } from "./logger";

import type * as SentrySdk from "@sentry/node";

type Sentry = typeof SentrySdk;

/** Set once Sentry is started (SENTRY_DSN); null otherwise, and nothing of Sentry is loaded. */
let sentry: Sentry | null = null;

/** The shop's version, as Sentry's release ("ahenfie-shop@0.1.0"). */
function release(): string {
  const pkg = createRequire(import.meta.url)("../package.json") as { name: string; version: string };
  return `${pkg.name}@${pkg.version}`;
}

/**
 * Optional error tracking (issue 43): with SENTRY_DSN set, the official SDK is loaded and started
 * at boot, and the unexpected server errors (those logged with a request id and answered with the
 * friendly error page) are sent to it. Nothing personal leaves the shop: no request bodies,
 * cookies, headers, query strings, user or breadcrumbs (`dataCollection` all off, and `scrub` keeps
 * only the error, its stack, the path and the request id); email addresses in messages are masked.
 * Without a DSN the SDK is never imported (it is heavy, and most shops do without).
 */
export async function startErrorTracking(config: Pick<Config, "sentryDsn" | "isProduction">, logger?: Pick<Logger, "info">): Promise<void> {
  if (!config.sentryDsn || sentry) return;
  const loaded = await import("@sentry/node");
  loaded.initWithoutDefaultIntegrations({
    dsn: config.sentryDsn,
    release: release(),
    environment: config.isProduction ? "production" : "development",
    // (SDK 11's form of sendDefaultPii: false) nothing about the visitor or the request is collected.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
    },
    // Errors only: no performance tracing, no spans of requests or queries.
    tracesSampleRate: 0,
    maxBreadcrumbs: 0,
    integrations: [
      loaded.eventFiltersIntegration(),
      loaded.functionToStringIntegration(),
      loaded.linkedErrorsIntegration(),
      loaded.dedupeIntegration(),
      loaded.nodeContextIntegration(),
      loaded.onUncaughtExceptionIntegration(),
      loaded.onUnhandledRejectionIntegration(),
    ],
    beforeSend: scrub,
  });
  sentry = loaded;
  logger?.info(`error tracking: Sentry (${new URL(config.sentryDsn).host})`);
}

/** Sends an unexpected server error to Sentry when it is started; does nothing otherwise. */
export function captureServerError(error: unknown, where: { requestId?: string; path?: string }): void {
  if (!sentry) return;
  const tracking = sentry;
  tracking.withScope((scope) => {
    if (where.requestId) scope.setTag("request_id", where.requestId);
    if (where.path) scope.setTag("path", where.path);
    tracking.captureException(error);
  });
}

/** Waits (at most `timeoutMs`) for what Sentry still has to send (shutdown, tests). */
export async function flushErrorTracking(timeoutMs = 2_000): Promise<void> {
  await sentry?.flush(timeoutMs);
}

type SentryEvent = Parameters<NonNullable<Parameters<Sentry["init"]>[0]>["beforeSend"] & object>[0];

/** What may leave the shop: the error and where it happened, nothing about who asked. */
function scrub<T extends SentryEvent>(event: T): T {
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  delete event.extra;
  delete event.server_name;
  if (event.message) event.message = maskEmails(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = maskEmails(exception.value);
  }
  return event;
}
