import type { AppLoadContext } from "react-router";
import type { Database } from "~db/client";
import { loadConfig } from "~/env.server";
import { createAuth, type Auth, type AuthOptions } from "~/modules/auth/auth.server";
import type { Db } from "~db/client";

/** A log that says nothing (pass `log` in the overrides to watch what a loader logs). */
export const silentLog: AppLoadContext["log"] = { info() {}, warn() {}, error() {} };

export const TEST_ORIGIN = "http://shop.test";

/**
 * The React Router load context a loader or action receives from the server (app/context.server.ts),
 * for calling route modules and context-taking functions directly in tests: the given database, a
 * real better-auth on it, a test configuration, a silent log, no-op email and page-cache hooks, and
 * fixed per-request values. `overrides` replaces any of them (e.g. `{ auth: stub, log: spy }`).
 */
export function testLoadContext(database: Database, overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  const log = overrides.log ?? silentLog;
  return {
    database,
    config: loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: "silent" }),
    log,
    startedAt: new Date(),
    email: { nudge() {}, transport: "test" },
    pageCache: { clear() {} },
    auth: overrides.auth ?? createTestAuth(database.db, { log }),
    requestId: "test-request",
    clientIp: "127.0.0.1",
    islands: null,
    cspNonce: "test-nonce",
    renderComplete: false,
    closedForMaintenance: false,
    noticeDatabaseError: () => false,
    ...overrides,
  };
}

/**
 * The shop's better-auth on a test database: a fixed secret, plain http on `origin` (default
 * TEST_ORIGIN, also its one trusted origin), a silent log; `overrides` replaces any option.
 */
export function createTestAuth(db: Db, overrides: Partial<AuthOptions> = {}): Auth {
  const origin = overrides.origin ?? TEST_ORIGIN;
  return createAuth({
    db,
    secret: "test-secret-that-is-long-enough-0123456789",
    origin,
    trustedOrigins: [origin],
    secureCookies: false,
    storeName: async () => "Ahenfie",
    nudgeEmail: () => {},
    log: silentLog,
    ...overrides,
  });
}

/**
 * A stand-in for better-auth's session lookup: every request carrying any session cookie is
 * `user`'s (their role comes from the database, as in the shop). Pass as `auth` to testLoadContext.
 */
export function signedInAs(user: { id: string; email: string; name?: string }): AppLoadContext["auth"] {
  return {
    api: {
      // Signed in just now (a fresh sign-in: no "Confirm it's you", decision 048), in the shape asked for.
      getSession: async (options?: { returnHeaders?: boolean }) => {
        const response = {
          user: { id: user.id, email: user.email, name: user.name ?? "Owner" },
          session: { id: `stand-in-${user.id}`, createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) },
        };
        return options?.returnHeaders ? { response, headers: new Headers() } : response;
      },
    },
    // The shop's one-query session read (session-read.server.ts) finds no cookie of this name
    // in any test request, so every lookup comes to getSession above.
    $context: Promise.resolve({
      authCookies: { sessionToken: { name: "stand-in.session_token" }, sessionData: { name: "stand-in.session_data" } },
      secret: "stand-in",
      sessionConfig: { expiresIn: 3600, updateAge: 600 },
    }),
  } as unknown as AppLoadContext["auth"];
}
