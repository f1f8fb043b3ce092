import type { Config } from "~/env.server";
import type { IslandsManifest } from "~/islands/islands-manifest";
import type { Database } from "~db/client";
import type { Auth } from "~/modules/auth/auth.server";

/** What every loader and action receives as `context`. Created once by the server. */
export interface AppServices {
  database: Database;
  config: Config;
  /**
   * Structured logger. In loaders and actions it is the request's own (a child bound to its
   * request id), so `context.log.error({ err }, "…")` carries the id without passing it.
   */
  log: {
    info(obj: object | string, msg?: string): void;
    warn(obj: object | string, msg?: string): void;
    error(obj: object | string, msg?: string): void;
  };
  startedAt: Date;
  /** The outbox worker: `nudge()` after queueing sends without waiting for the next poll. */
  email: { nudge(): void; transport: string };
  /**
   * Whole-page cache of anonymous responses whose route declares them public. Nothing needs to
   * clear it by hand: it drops everything when a storefront change is announced
   * (app/modules/storefront/storefront-changes.server.ts).
   */
  pageCache: { clear(): void };
  /** better-auth: sessions, sign-in/up, verification and reset links. */
  auth: Auth;
}

declare module "react-router" {
  interface AppLoadContext extends AppServices {
    /** Per-request id, also sent as X-Request-Id. */
    requestId: string;
    /** The visitor's IP address, for rate limits. */
    clientIp: string;
    /** The production build's pages of islands (decision 021); null in development and in tests without a build. */
    islands: IslandsManifest | null;
    /** CSP nonce for the inline scripts of this response. */
    cspNonce: string;
    /**
     * The response may go into the page cache (an anonymous GET): a page whose route declares
     * it public is then rendered whole before sending (no streamed Suspense chunks), since
     * the page cache reads the whole body anyway.
     */
    renderComplete: boolean;
    /**
     * Maintenance mode closes the storefront to this visitor (decided once for every request
     * in server/maintenance-gate.ts): the root loader answers with the maintenance page.
     */
    closedForMaintenance: boolean;
    /**
     * Hands the server an error met while answering (decision 023): when it says the database
     * could not be reached, the database is marked away and this request is answered with the
     * "back in a moment" 503 instead of an error page. Returns whether it was such an error.
     * React Router's handleError calls it for every route error; code that catches an error and
     * answers by itself (checkout, health) calls it before answering.
     */
    noticeDatabaseError(error: unknown): boolean;
    /**
     * Hands the server an unexpected error this request met (logged with its request id, answered
     * with the friendly error page): it goes to Sentry when SENTRY_DSN is set (server/error-tracking.ts).
     * Absent in tests.
     */
    reportServerError?(error: unknown, path: string): void;
  }
}
