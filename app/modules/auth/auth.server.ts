import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "~db/client";
import { safeLogArgs } from "~/lib/log-privacy.server";
import { accounts, sessions, twoFactors, users, verifications } from "~db/schema/auth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { queueEmail } from "~/modules/email/email-outbox.server";
import { queueNewCustomerAlerts } from "~/modules/email/admin-alerts.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { AUTH_COOKIE_PREFIX } from "./auth-cookies";
import { passwordResetEmail, verificationEmail } from "./auth-emails.server";
import { checkAuthInput } from "./auth-input.server";
import { CLIENT_IP_HEADER, enforceAuthRateLimits } from "./auth-rate-limits.server";
import { afterSignIn, beforeSignIn } from "./sign-in-failures.server";
import { findUserIdByEmail } from "./users.server";
import { joinGuestOrdersToAccount } from "~/modules/customers/guest-orders.server";

/** Session lifetime and renewal: a session used at least once a week never expires. */
export const SESSION_SETTINGS = {
  expiresInSeconds: 7 * 24 * 60 * 60,
  /** A session older than this is extended (new expiry, cookie re-sent) on its next use. */
  updateAgeSeconds: 24 * 60 * 60,
} as const;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_LINK_SECONDS = 60 * 60;
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;
export const AUTH_BASE_PATH = "/api/auth";
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export interface AuthOptions {
  db: Db;
  /** At least 32 characters; signs cookies and verification tokens. */
  secret: string;
  /** The shop's public origin, e.g. https://shop.example.com; links in emails use it. */
  origin: string;
  /** Every origin the shop is served from (forms posted from others are refused). */
  trustedOrigins: string[];
  /** Secure cookies (the __Secure- prefix): on whenever the shop is served over https. */
  secureCookies: boolean;
  storeName: () => Promise<string>;
  /** Wakes the email worker after an email was queued. */
  nudgeEmail: () => void;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/**
 * The shop's better-auth instance: email + password accounts with verified emails,
 * database sessions in HttpOnly SameSite=Lax cookies, scrypt password hashes (the
 * library's default: N=16384, r=16, p=1, 64-byte key — 32 MiB per hash, on Node's native
 * scrypt), rate limits kept in our own rate_limits table (sign-in counts failures:
 * sign-in-failures.server.ts), and emails sent through the outbox.
 */
export function createAuth(options: AuthOptions) {
  const { db, log } = options;

  /** Earlier guest orders with the account's (verified) email become the account's; never blocks signing in. */
  const joinGuestOrders = async (userId: string) => {
    try {
      await joinGuestOrdersToAccount(db, userId);
    } catch (error) {
      log.error({ err: error }, "auth: joining guest orders to the account failed");
    }
  };

  const sendEmail = async (build: (storeName: string) => Parameters<typeof queueEmail>[1]) => {
    await queueEmail(db, build(await options.storeName()));
    options.nudgeEmail();
  };

  return betterAuth({
    appName: "Ahenfie",
    baseURL: options.origin,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) =>
        sendEmail((storeName) => passwordResetEmail({ storeName, to: user.email, name: user.name, url })),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Sign-in before verification says so and offers a resend button instead.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: ({ user, url }) =>
        sendEmail((storeName) => verificationEmail({ storeName, to: user.email, name: user.name, url })),
      // The email is now proven to be the account's: its guest orders join it.
      afterEmailVerification: (user) => joinGuestOrders(user.id),
    },
    // A code from an authenticator app after the password, for those who turned it on (decision 048).
    plugins: [
      twoFactor({
        issuer: "Ahenfie",
        totpOptions: { digits: TOTP_DIGITS, period: 30 },
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: 10 },
        // The code step of a sign-in must be finished within ten minutes.
        twoFactorCookieMaxAge: 10 * 60,
        // Ten wrong codes in a row lock the second step for fifteen minutes (the plugin's count).
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    session: {
      expiresIn: SESSION_SETTINGS.expiresInSeconds,
      updateAge: SESSION_SETTINGS.updateAgeSeconds,
      // No cookie cache: every request reads the session row, so sign-out and password
      // resets take effect at once on every instance.
      cookieCache: { enabled: false },
    },
    // better-auth's own limiter keeps counts in memory per process; ours (below) keeps them
    // in the database so they hold across instances and can also count per account.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: options.secureCookies,
      cookiePrefix: AUTH_COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Stated, not left to the library's default: better-auth turns its Origin/CSRF check
      // off whenever NODE_ENV=test or TEST is set, and it must hold everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      // Every sign-in (sessions exist only for verified emails): guest orders placed while signed
      // out since join too. Runs after better-auth's transaction commits.
      session: { create: { after: (session) => joinGuestOrders(session.userId) } },
      user: {
        create: {
          // Settings → Notifications → Customer notifications: tell the staff about new accounts.
          after: async (user) => {
            try {
              if (!(await getStoreSettings(db)).customerNotifications) return;
              const queued = await queueNewCustomerAlerts(db, {
                storeName: await options.storeName(),
                origin: options.origin,
                customerEmail: user.email,
              });
              if (queued) options.nudgeEmail();
            } catch (error) {
              log.error({ err: error }, "queueing the new-customer alert failed");
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Control characters, over-long and wrongly typed fields: 400 before the database is asked.
        checkAuthInput(ctx.body, ctx.query, ctx.params);
        await enforceAuthRateLimits(db, ctx.path, ctx.headers, ctx.body as { email?: unknown } | undefined);
        await beforeSignIn(db, ctx.path, ctx.headers, ctx.body as { email?: unknown } | undefined);
        // docs/product-rules.md wants "Account exists" for a taken email; better-auth would answer a
        // duplicate sign-up with a silent success when verification is required.
        if (ctx.path === "/sign-up/email") {
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (typeof email === "string" && (await findUserIdByEmail(db, email))) {
            throw new APIError("UNPROCESSABLE_ENTITY", { message: "User already registered", code: "USER_ALREADY_EXISTS" });
          }
        }
      }),
      // Sign-in limits count failures, so they need the answer (sign-in-failures.server.ts).
      after: createAuthMiddleware(async (ctx) => {
        try {
          await afterSignIn(db, ctx.path, ctx.headers, ctx.body as { email?: unknown } | undefined, ctx.context.returned);
        } catch (error) {
          log.error({ err: error, path: ctx.path }, "auth: recording a sign-in outcome failed");
        }
      }),
    },
    // better-auth's own messages go to the shop's logger, never the console; what it passes
    // along (errors, users, bodies) is reduced to what a log may hold (safeLogArgs).
    logger: {
      log: (level, message, ...args) => {
        if (level === "error") log.error(safeLogArgs(args), `auth: ${message}`);
        else if (level === "warn") log.warn(safeLogArgs(args), `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
