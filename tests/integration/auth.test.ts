import { and, eq, like } from "drizzle-orm";
import crypto from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AdminAccountError, createOrPromoteAdmin } from "~/modules/auth/admin-account.server";
import { requestPasswordReset, resendVerification, resetPassword, signIn, signUp } from "~/modules/auth/auth-actions.server";
import { hasAuthCookie } from "~/modules/auth/auth-cookies";
import { AUTH_RATE_LIMITS, CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { validateNewPassword } from "~/modules/auth/auth.schema";
import { SESSION_SETTINGS, type Auth, type AuthOptions } from "~/modules/auth/auth.server";
import { getUserRole, setUserRole } from "~/modules/auth/roles.server";
import { headersForAuth, lookupViewer, requireStaff, requireUser } from "~/modules/auth/session.server";
import { readSessionQuickly } from "~/modules/auth/session-read.server";
import type { Db } from "~db/client";
import { accounts, sessions, users, verifications } from "~db/schema/auth";
import { emailOutbox, userRoles } from "~db/schema/store";
import { createTestAuth, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

const ORIGIN = "http://localhost:3999";
const SESSION_COOKIE = "ahenfie.session_token";
const DAY_MS = 24 * 60 * 60 * 1000;

let ipCounter = 0;
/** A fresh client address per use, so the per-IP limits of one test never touch another's. */
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
let emailCounter = 0;
const newEmail = (name = "shopper") => `${name}${++emailCounter}.${Date.now().toString(36)}@example.com`;

/** Headers as the shop's routes hand them to better-auth: our client address and the origin. */
function requestHeaders(options: { ip?: string; cookie?: string } = {}): Headers {
  const headers = new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: options.ip ?? nextIp(), "user-agent": "vitest" });
  if (options.cookie) headers.set("cookie", options.cookie);
  return headers;
}

/** The session cookie's Set-Cookie line, if the response set one. */
function sessionSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** "name=value" of the session cookie, as the browser would send it back. */
function sessionCookie(headers: Headers): string {
  const line = sessionSetCookie(headers);
  if (!line) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(headers.getSetCookie())}`);
  return line.split(";")[0]!;
}

describeWithDatabase("accounts", (database) => {
  let db: Db;
  let auth: Auth;

  beforeAll(async () => {
    db = database.db;
    auth = makeAuth();
  });

  function makeAuth(overrides: Partial<AuthOptions> = {}) {
    return createTestAuth(db, { origin: ORIGIN, ...overrides });
  }

  const emailsTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id);
  const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
  const sessionRows = (userId: string) => db.select().from(sessions).where(eq(sessions.userId, userId));

  /** The link of the last email of `kind` sent to `to` (read from the plain-text part). */
  async function linkIn(to: string, kind: string): Promise<string> {
    const mail = (await emailsTo(to)).filter((m) => m.kind === kind).at(-1);
    if (!mail) throw new Error(`no ${kind} email to ${to}`);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in ${mail.text}`);
    return link;
  }

  /** GET a link from an email through better-auth, as the browser following it would. */
  const follow = (link: string, cookie?: string) => auth.handler(new Request(link, { headers: requestHeaders({ cookie }) }));

  async function getSession(cookie: string) {
    return auth.api.getSession({ headers: requestHeaders({ cookie }), returnHeaders: true });
  }

  /** Signs up and follows the verification link: a verified account and its first session cookie. */
  async function verifiedAccount(password = "kente-pass-1") {
    const email = newEmail();
    const outcome = await signUp(auth, requestHeaders(), { email, password });
    expect(outcome.ok).toBe(true);
    const response = await follow(await linkIn(email, "verify-email"));
    const user = (await userByEmail(email))!;
    return { email, password, user, cookie: sessionCookie(response.headers) };
  }

  /** A verified account signed in on a shop served over https (secure, __Secure- cookies). */
  async function signedInOverHttps() {
    const secureAuth = makeAuth({ secureCookies: true, origin: "https://shop.example", trustedOrigins: ["https://shop.example"] });
    const email = newEmail();
    await signUp(secureAuth, requestHeaders(), { email, password: "kente-pass-1" });
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const outcome = await signIn(secureAuth, requestHeaders(), { email, password: "kente-pass-1" });
    if (!outcome.ok) throw new Error(outcome.message.title);
    return { secureAuth, email, outcome };
  }

  describe("sign up, verification, sign in and out", () => {
    it("sign-up creates the user and queues a verification email with the link; no session yet", async () => {
      const email = newEmail("ama");
      const outcome = await signUp(auth, requestHeaders(), { email, password: "kente-pass-1" });
      expect(outcome).toMatchObject({
        ok: true,
        message: { title: "Account created!", description: "Please check your email to verify your account." },
      });

      const user = await userByEmail(email);
      expect(user).toMatchObject({ email, emailVerified: false, name: email.split("@")[0] });
      const [account] = await db.select().from(accounts).where(eq(accounts.userId, user!.id));
      expect(account!.providerId).toBe("credential");
      expect(account!.password).toBeTruthy();
      expect(account!.password).not.toContain("kente-pass-1");
      expect(await sessionRows(user!.id)).toEqual([]);

      const mails = await emailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: "verify-email", status: "pending", subject: "Verify your email for Ahenfie" });
      const link = await linkIn(email, "verify-email");
      const url = new URL(link);
      expect(url.origin + url.pathname).toBe(`${ORIGIN}/api/auth/verify-email`);
      expect(url.searchParams.get("token")).toBeTruthy();
      expect(url.searchParams.get("callbackURL")).toBe("/auth/verified");
      // The HTML button carries the same link (with & escaped).
      expect(mails[0]!.html).toContain(`href="${link.replaceAll("&", "&#38;")}"`);
      expect(mails[0]!.text).toContain("Ahenfie");
    });

    it("sign-in before verification says so (EMAIL_NOT_VERIFIED) and sets no cookie; resend queues a new link", async () => {
      const email = newEmail();
      await signUp(auth, requestHeaders(), { email, password: "kente-pass-1" });
      const outcome = await signIn(auth, requestHeaders(), { email, password: "kente-pass-1" });
      expect(outcome).toMatchObject({
        ok: false,
        status: 403,
        code: "EMAIL_NOT_VERIFIED",
        message: { title: "Email not verified" },
      });
      expect(await sessionRows((await userByEmail(email))!.id)).toEqual([]);
      // Signing in does not send another email by itself (the page offers a resend button).
      expect(await emailsTo(email)).toHaveLength(1);

      const resent = await resendVerification(auth, requestHeaders(), email);
      expect(resent).toMatchObject({ ok: true, message: { title: "Verification email sent" } });
      const mails = await emailsTo(email);
      expect(mails.map((m) => m.kind)).toEqual(["verify-email", "verify-email"]);
      // An unknown address gets the same answer and no email.
      const unknown = newEmail("nobody");
      expect(await resendVerification(auth, requestHeaders(), unknown)).toMatchObject({ ok: true });
      expect(await emailsTo(unknown)).toEqual([]);
    });

    it("the verification link verifies, signs in (HttpOnly, SameSite=Lax cookie) and lands on /auth/verified", async () => {
      const email = newEmail();
      await signUp(auth, requestHeaders(), { email, password: "kente-pass-1" });
      const response = await follow(await linkIn(email, "verify-email"));

      expect(response.status).toBe(302);
      expect(new URL(response.headers.get("location")!, ORIGIN).pathname).toBe("/auth/verified");
      const user = (await userByEmail(email))!;
      expect(user.emailVerified).toBe(true);

      const setCookie = sessionSetCookie(response.headers)!;
      expect(setCookie).toBeDefined();
      expect(setCookie).toMatch(/;\s*HttpOnly/i);
      expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
      expect(setCookie).toMatch(/;\s*Path=\//i);
      expect(setCookie).not.toMatch(/;\s*Secure/i);
      expect(setCookie).toMatch(new RegExp(`Max-Age=${SESSION_SETTINGS.expiresInSeconds}`));

      const rows = await sessionRows(user.id);
      expect(rows).toHaveLength(1);
      const { response: session } = await getSession(sessionCookie(response.headers));
      expect(session?.user.email).toBe(email);
      expect(session?.session.id).toBe(rows[0]!.id);
    });

    it("a tampered verification link is refused and verifies nothing", async () => {
      const email = newEmail();
      await signUp(auth, requestHeaders(), { email, password: "kente-pass-1" });
      const url = new URL(await linkIn(email, "verify-email"));
      url.searchParams.set("token", url.searchParams.get("token")!.slice(0, -3) + "abc");
      const response = await follow(url.href);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain("error=");
      expect(sessionSetCookie(response.headers)).toBeUndefined();
      expect((await userByEmail(email))!.emailVerified).toBe(false);
    });

    it("sign-in with the right password sets the session cookie; the email's case and spaces do not matter", async () => {
      const { email, password, user } = await verifiedAccount();
      const outcome = await signIn(auth, requestHeaders(), { email, password });
      expect(outcome).toMatchObject({ ok: true, message: { title: "Welcome back!", description: "You have successfully signed in" } });
      if (!outcome.ok) throw new Error("sign-in failed");
      const setCookie = sessionSetCookie(outcome.headers)!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const { response: session } = await getSession(sessionCookie(outcome.headers));
      expect(session?.user.id).toBe(user.id);
      // The page cache recognises this cookie, so a signed-in page is never cached for others.
      expect(hasAuthCookie(`theme=dark; ${sessionCookie(outcome.headers)}`)).toBe(true);

      const upper = await signIn(auth, requestHeaders(), { email: email.toUpperCase(), password });
      expect(upper.ok).toBe(true);
      expect(await sessionRows(user.id)).toHaveLength(3); // verification + two sign-ins
    });

    it("a wrong password (or an unknown email) gives Invalid credentials and no session", async () => {
      const { email, user } = await verifiedAccount();
      const before = (await sessionRows(user.id)).length;
      const wrong = await signIn(auth, requestHeaders(), { email, password: "not-my-password" });
      expect(wrong).toEqual({
        ok: false,
        status: 401,
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: { title: "Invalid credentials", description: "Please check your email and password." },
      });
      expect(await sessionRows(user.id)).toHaveLength(before);
      const unknown = await signIn(auth, requestHeaders(), { email: newEmail("ghost"), password: "whatever1" });
      expect(unknown).toMatchObject({ ok: false, message: { title: "Invalid credentials" } });
    });

    it("a second sign-up with the same email (any case, with spaces) says Account exists and changes nothing", async () => {
      const email = newEmail("kofi");
      expect((await signUp(auth, requestHeaders(), { email, password: "first-pass" })).ok).toBe(true);
      const user = (await userByEmail(email))!;
      const [accountBefore] = await db.select().from(accounts).where(eq(accounts.userId, user.id));
      for (const variant of [email, email.toUpperCase(), `  ${email.replace("kofi", "Kofi")}  `]) {
        const again = await signUp(auth, requestHeaders(), { email: variant, password: "second-pass" });
        expect(again, variant).toEqual({
          ok: false,
          status: 409,
          code: "USER_ALREADY_EXISTS",
          message: { title: "Account exists", description: "An account with this email already exists. Please sign in instead." },
        });
      }
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
      const [accountAfter] = await db.select().from(accounts).where(eq(accounts.userId, user.id));
      expect(accountAfter!.password).toBe(accountBefore!.password);
      expect(await emailsTo(email)).toHaveLength(1);
    });

    it("sign-out deletes the session row, clears the cookie, and the old cookie no longer gives a session", async () => {
      const { user, cookie } = await verifiedAccount();
      expect((await getSession(cookie)).response).not.toBeNull();
      const { headers } = await auth.api.signOut({ headers: requestHeaders({ cookie }), returnHeaders: true });
      expect(await sessionRows(user.id)).toEqual([]);
      const cleared = sessionSetCookie(headers)!;
      expect(cleared).toMatch(/^ahenfie\.session_token=;/);
      expect(cleared).toMatch(/Max-Age=0/i);
      expect((await getSession(cookie)).response).toBeNull();
    });

    it("a forged or unsigned session cookie gives no session", async () => {
      const { user, cookie } = await verifiedAccount();
      const [row] = await sessionRows(user.id);
      expect((await getSession(`${SESSION_COOKIE}=${row!.token}`)).response).toBeNull();
      expect((await getSession(cookie.slice(0, -4) + "AAAA")).response).toBeNull();
    });

    it("refuses sign-up and sign-in posted from another site (Origin check), accepts the shop's own", async () => {
      const post = (path: string, body: object, headers: Record<string, string>) =>
        auth.handler(
          new Request(`${ORIGIN}/api/auth${path}`, {
            method: "POST",
            headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: nextIp(), ...headers },
            body: JSON.stringify(body),
          }),
        );
      const email = newEmail();
      const signUpBody = { email, password: "kente-pass-1", name: "x" };
      // With the visitor's cookies, from a foreign page.
      expect((await post("/sign-up/email", signUpBody, { origin: "https://evil.example", cookie: "theme=dark" })).status).toBe(403);
      // Without cookies, a form on a foreign site navigating here.
      const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };
      expect((await post("/sign-up/email", signUpBody, crossSite)).status).toBe(403);
      expect(await userByEmail(email)).toBeUndefined();

      const shop = { origin: ORIGIN, cookie: "theme=dark", "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };
      expect((await post("/sign-up/email", signUpBody, shop)).status).toBe(200);
      expect(await userByEmail(email)).toBeDefined();
      await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const signInBody = { email, password: "kente-pass-1" };
      const foreign = await post("/sign-in/email", signInBody, crossSite);
      expect(foreign.status).toBe(403);
      expect(sessionSetCookie(foreign.headers)).toBeUndefined();
      const own = await post("/sign-in/email", signInBody, shop);
      expect(own.status).toBe(200);
      expect(sessionSetCookie(own.headers)).toBeDefined();
    });

    it("with secure cookies (https) the session cookie is Secure and __Secure- prefixed", async () => {
      const { outcome } = await signedInOverHttps();
      const line = outcome.headers.getSetCookie().find((l) => l.startsWith(`__Secure-${SESSION_COOKIE}=`));
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
    });
  });

  describe("password reset", () => {
    it("sends a one-hour link; a 5-character password is refused; 6+ works, revokes sessions; the link works once", async () => {
      const { email, password, user, cookie: otherDevice } = await verifiedAccount();
      const requested = await requestPasswordReset(auth, requestHeaders(), email);
      expect(requested).toMatchObject({ ok: true, message: { title: "Check your email" } });
      const [mail] = (await emailsTo(email)).filter((m) => m.kind === "password-reset");
      expect(mail).toMatchObject({ subject: "Reset your Ahenfie password", status: "pending" });

      // The link from the email goes through better-auth to the shop's reset page with the token.
      const link = await linkIn(email, "password-reset");
      expect(link).toMatch(new RegExp(`^${ORIGIN}/api/auth/reset-password/[^?]+\\?callbackURL=%2Fauth%2Freset-password$`));
      const landing = await follow(link);
      expect(landing.status).toBe(302);
      const target = new URL(landing.headers.get("location")!, ORIGIN);
      expect(target.pathname).toBe("/auth/reset-password");
      const token = target.searchParams.get("token")!;
      expect(token).toBeTruthy();
      const [stored] = await db
        .select()
        .from(verifications)
        .where(and(eq(verifications.value, user.id), like(verifications.identifier, "reset-password:%")));
      const lifetime = stored!.expiresAt.getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(59 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

      // The reset page checks the new password first (the same rules as sign-up).
      expect(validateNewPassword({ password: "abcde", confirmPassword: "abcde" })).toEqual({
        ok: false,
        message: { title: "Password too short", description: "Password must be at least 6 characters long" },
      });
      // And so does better-auth, should anything skip the page's check.
      const short = await resetPassword(auth, requestHeaders(), { token, password: "abcde" });
      expect(short.ok).toBe(false);

      const checked = validateNewPassword({ password: "new-kente-9", confirmPassword: "new-kente-9" });
      expect(checked.ok).toBe(true);
      const done = await resetPassword(auth, requestHeaders(), { token, password: "new-kente-9" });
      expect(done).toMatchObject({ ok: true, message: { title: "Password updated" } });

      expect(await sessionRows(user.id)).toEqual([]);
      expect((await getSession(otherDevice)).response).toBeNull();
      expect(await signIn(auth, requestHeaders(), { email, password })).toMatchObject({
        ok: false,
        message: { title: "Invalid credentials" },
      });
      expect((await signIn(auth, requestHeaders(), { email, password: "new-kente-9" })).ok).toBe(true);

      // The same link again: refused, on the page and by the API.
      const again = await resetPassword(auth, requestHeaders(), { token, password: "third-pass-1" });
      expect(again).toMatchObject({ ok: false, status: 400, code: "INVALID_TOKEN", message: { title: "Link expired" } });
      const relanding = await follow(link);
      expect(relanding.headers.get("location")).toContain("error=INVALID_TOKEN");
      expect((await signIn(auth, requestHeaders(), { email, password: "new-kente-9" })).ok).toBe(true);
    });

    it("an expired reset link is refused and the password stays", async () => {
      const { email, password, user } = await verifiedAccount();
      await requestPasswordReset(auth, requestHeaders(), email);
      const landing = await follow(await linkIn(email, "password-reset"));
      const token = new URL(landing.headers.get("location")!, ORIGIN).searchParams.get("token")!;
      const expired = await db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(verifications.value, user.id), like(verifications.identifier, "reset-password:%")))
        .returning();
      expect(expired).toHaveLength(1);

      const outcome = await resetPassword(auth, requestHeaders(), { token, password: "new-kente-9" });
      expect(outcome).toEqual({
        ok: false,
        status: 400,
        code: "INVALID_TOKEN",
        message: { title: "Link expired", description: "This reset link has expired or was already used. Ask for a new one." },
      });
      expect((await signIn(auth, requestHeaders(), { email, password })).ok).toBe(true);
      expect((await signIn(auth, requestHeaders(), { email, password: "new-kente-9" })).ok).toBe(false);
    });

    it("an unknown email gets the same answer and no email", async () => {
      const email = newEmail("nobody");
      expect(await requestPasswordReset(auth, requestHeaders(), email)).toMatchObject({ ok: true, message: { title: "Check your email" } });
      expect(await emailsTo(email)).toEqual([]);
    });
  });

  describe("rate limits", () => {
    it("per IP: the 31st sign-in from one address is refused, other addresses are not; the limit is in the database", async () => {
      const ip = nextIp();
      const limit = AUTH_RATE_LIMITS["/sign-in/email"]!.perIp.limit;
      for (let i = 0; i < limit; i++) {
        const outcome = await signIn(auth, requestHeaders({ ip }), { email: newEmail("guess"), password: "guess-pass" });
        expect(outcome, `attempt ${i + 1}`).toMatchObject({ ok: false, code: "INVALID_EMAIL_OR_PASSWORD" });
      }
      const { email, password } = await verifiedAccount();
      const refused = await signIn(auth, requestHeaders({ ip }), { email, password });
      expect(refused).toMatchObject({ ok: false, status: 429, code: "TOO_MANY_ATTEMPTS" });
      // A second instance of the shop (another auth on the same database) sees the same count.
      const otherInstance = makeAuth();
      expect(await signIn(otherInstance, requestHeaders({ ip }), { email, password })).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
      expect((await signIn(auth, requestHeaders(), { email, password })).ok).toBe(true);
    });

    it("per IP on sign-up: the 11th account from one address in an hour is refused", async () => {
      const ip = nextIp();
      for (let i = 0; i < AUTH_RATE_LIMITS["/sign-up/email"]!.perIp.limit; i++)
        expect((await signUp(auth, requestHeaders({ ip }), { email: newEmail("bulk"), password: "kente-pass-1" })).ok).toBe(true);
      const email = newEmail("bulk");
      const refused = await signUp(auth, requestHeaders({ ip }), { email, password: "kente-pass-1" });
      expect(refused).toMatchObject({ ok: false, status: 429, code: "TOO_MANY_ATTEMPTS", message: { title: "Too many attempts" } });
      expect(await userByEmail(email)).toBeUndefined();
    });

    it("the address comes from the shop, never from a header the browser sent", () => {
      const request = new Request(`${ORIGIN}/auth`, { headers: { [CLIENT_IP_HEADER]: "1.2.3.4" } });
      expect(headersForAuth(request, { clientIp: "198.51.100.7" }).get(CLIENT_IP_HEADER)).toBe("198.51.100.7");
    });
  });

  describe("sessions", () => {
    it("an expired session gives no user", async () => {
      const { user, cookie } = await verifiedAccount();
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      const { response } = await getSession(cookie);
      expect(response).toBeNull();
      const context = testLoadContext(database, { auth });
      await expect(requireUser(new Request(`${ORIGIN}/track-order`, { headers: { cookie } }), context)).rejects.toMatchObject({
        status: 302,
      });
    });

    it("a fresh session is not rewritten on use; one older than a day is extended to 7 days and the cookie re-sent", async () => {
      const { user, cookie } = await verifiedAccount();
      const [fresh] = await sessionRows(user.id);
      const first = await getSession(cookie);
      expect(first.response).not.toBeNull();
      expect(sessionSetCookie(first.headers)).toBeUndefined();
      expect((await sessionRows(user.id))[0]!.expiresAt.getTime()).toBe(fresh!.expiresAt.getTime());

      // Pretend the session was last renewed two days ago.
      const twoDaysAgo = Date.now() - 2 * DAY_MS;
      await db
        .update(sessions)
        .set({ expiresAt: new Date(twoDaysAgo + SESSION_SETTINGS.expiresInSeconds * 1000), updatedAt: new Date(twoDaysAgo) })
        .where(eq(sessions.userId, user.id));
      const renewed = await getSession(cookie);
      expect(renewed.response?.user.id).toBe(user.id);
      const [row] = await sessionRows(user.id);
      const expected = Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000;
      expect(Math.abs(row!.expiresAt.getTime() - expected)).toBeLessThan(60_000);
      const setCookie = sessionSetCookie(renewed.headers);
      expect(setCookie).toBeDefined();
      expect(setCookie).toMatch(new RegExp(`Max-Age=${SESSION_SETTINGS.expiresInSeconds}`));
      // The renewed cookie still works.
      expect((await getSession(sessionCookie(renewed.headers))).response?.user.id).toBe(user.id);
    });
  });

  describe("the header's viewer, read in one query when nothing needs better-auth", () => {
    const viewerOf = (cookie: string, onAuth = auth) =>
      lookupViewer(new Request(`${ORIGIN}/api/viewer`, { headers: { cookie } }), testLoadContext(database, { auth: onAuth }));

    it("a fresh session: the same viewer as better-auth's, its role as stored, and no cookie sent", async () => {
      const { email, user, cookie } = await verifiedAccount();
      const context = testLoadContext(database, { auth });
      const request = new Request(`${ORIGIN}/api/viewer`, { headers: { cookie: `theme=dark; ${cookie}` } });
      const quick = await readSessionQuickly(request, context);
      const { response: session } = await getSession(cookie);
      expect(quick).toEqual({
        id: user.id,
        email,
        name: session!.user.name,
        role: "customer",
        isAdmin: false,
        sessionExpiresAt: new Date(session!.session.expiresAt).toISOString(),
      });
      const { viewer, headers } = await viewerOf(cookie);
      expect(viewer).toEqual(quick);
      expect(headers.getSetCookie()).toEqual([]);

      // A role change shows on the next request: nothing is kept between requests.
      await setUserRole(db, user.id, "owner");
      expect((await viewerOf(cookie)).viewer).toMatchObject({ email, role: "owner", isAdmin: true });
    });

    it("a forged signature, an unsigned token, a signed-out or expired session: nobody, as better-auth says", async () => {
      const { user, cookie } = await verifiedAccount();
      const [row] = await sessionRows(user.id);
      const context = testLoadContext(database, { auth });
      for (const bad of [
        `${SESSION_COOKIE}=${row!.token}`,
        cookie.slice(0, -4) + "AAAA",
        `${SESSION_COOKIE}=${row!.token}.${"A".repeat(43)}=`,
      ]) {
        expect(await readSessionQuickly(new Request(ORIGIN, { headers: { cookie: bad } }), context)).toBeUndefined();
        expect((await viewerOf(bad)).viewer).toBeNull();
      }
      // Another secret signed it: not ours.
      const otherSecret = crypto.createHmac("sha256", "another-secret-long-enough-0123456789").update(row!.token).digest("base64");
      expect((await viewerOf(`${SESSION_COOKIE}=${encodeURIComponent(`${row!.token}.${otherSecret}`)}`)).viewer).toBeNull();

      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      const expired = await viewerOf(cookie);
      expect(expired.viewer).toBeNull();
      // better-auth answered: the cookie is cleared and the row deleted.
      expect(sessionSetCookie(expired.headers)).toMatch(/Max-Age=0/i);
      expect(await sessionRows(user.id)).toEqual([]);
    });

    it("a session due for renewal is renewed by better-auth: new expiry, cookie re-sent", async () => {
      const { user, cookie } = await verifiedAccount();
      const twoDaysAgo = Date.now() - 2 * DAY_MS;
      await db
        .update(sessions)
        .set({ expiresAt: new Date(twoDaysAgo + SESSION_SETTINGS.expiresInSeconds * 1000), updatedAt: new Date(twoDaysAgo) })
        .where(eq(sessions.userId, user.id));
      const request = new Request(ORIGIN, { headers: { cookie } });
      expect(await readSessionQuickly(request, testLoadContext(database, { auth }))).toBeUndefined();
      const renewed = await viewerOf(cookie);
      expect(renewed.viewer?.id).toBe(user.id);
      expect(sessionSetCookie(renewed.headers)).toMatch(new RegExp(`Max-Age=${SESSION_SETTINGS.expiresInSeconds}`));
      const [row] = await sessionRows(user.id);
      expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000))).toBeLessThan(60_000);
    });

    it("over https: the __Secure- cookie is read, the plain name is not", async () => {
      const { secureAuth, email, outcome } = await signedInOverHttps();
      const secureCookie = outcome.headers
        .getSetCookie()
        .find((line) => line.startsWith(`__Secure-${SESSION_COOKIE}=`))!
        .split(";")[0]!;
      expect((await viewerOf(secureCookie, secureAuth)).viewer?.email).toBe(email);
      const plain = secureCookie.replace(/^__Secure-/, "");
      expect(
        await readSessionQuickly(new Request(ORIGIN, { headers: { cookie: plain } }), testLoadContext(database, { auth: secureAuth })),
      ).toBeUndefined();
    });
  });

  describe("roles", () => {
    it("no user_roles row → customer; an admin row → admin", async () => {
      const { user } = await verifiedAccount();
      expect(await getUserRole(db, user.id)).toBe("customer");
      await setUserRole(db, user.id, "owner");
      expect(await getUserRole(db, user.id)).toBe("owner");
      await setUserRole(db, user.id, "customer");
      expect(await getUserRole(db, user.id)).toBe("customer");
    });

    it("a failing lookup gives customer and logs the error", async () => {
      const failure = new Error("connection terminated unexpectedly");
      const throwing = {
        select() {
          throw failure;
        },
      } as unknown as Db;
      const log = { error: vi.fn() };
      expect(await getUserRole(throwing, "user-1", log)).toBe("customer");
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.error.mock.calls[0]![0]).toMatchObject({ err: failure, userId: "user-1" });

      // A query that rejects (rather than throwing at once) is handled the same way.
      const rejecting = {
        select: () => ({ from: () => ({ where: () => ({ limit: () => Promise.reject(failure) }) }) }),
      } as unknown as Db;
      const log2 = { error: vi.fn() };
      expect(await getUserRole(rejecting, "user-2", log2)).toBe("customer");
      expect(log2.error).toHaveBeenCalledTimes(1);
    });

    it("requireStaff: admin passes; customer is sent home (GET) or refused 403 (POST); guest goes to /auth and back", async () => {
      const context = testLoadContext(database, { auth });
      const admin = await verifiedAccount();
      await setUserRole(db, admin.user.id, "owner");
      const customer = await verifiedAccount();

      const asAdmin = await requireStaff(new Request(`${ORIGIN}/admin`, { headers: { cookie: admin.cookie } }), context);
      expect(asAdmin).toMatchObject({ email: admin.email, role: "owner", isAdmin: true });

      const get = await requireStaff(new Request(`${ORIGIN}/admin`, { headers: { cookie: customer.cookie } }), context).catch(
        (e: unknown) => e,
      );
      expect(get).toBeInstanceOf(Response);
      expect((get as Response).status).toBe(302);
      expect((get as Response).headers.get("location")).toBe("/");

      const post = await requireStaff(
        new Request(`${ORIGIN}/admin/products`, { method: "POST", headers: { cookie: customer.cookie } }),
        context,
      ).catch((e: unknown) => e);
      // Thrown as route data (status 403) for the admin layout's Access Denied screen.
      expect(post).toMatchObject({
        data: { message: "You do not have admin privileges.", email: customer.email, role: "customer" },
        init: { status: 403 },
      });

      const guest = await requireStaff(new Request(`${ORIGIN}/admin/orders?page=2`), context).catch((e: unknown) => e);
      expect(guest).toBeInstanceOf(Response);
      expect((guest as Response).status).toBe(302);
      expect((guest as Response).headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/orders?page=2")}`);

      // The customer's viewer says so.
      const viewer = await requireUser(new Request(`${ORIGIN}/track-order`, { headers: { cookie: customer.cookie } }), context);
      expect(viewer).toMatchObject({ email: customer.email, role: "customer", isAdmin: false });
    });
  });

  describe("admin:create", () => {
    it("creates a verified admin who signs in with the password, without any verification email", async () => {
      const email = newEmail("owner");
      const result = await createOrPromoteAdmin(auth, db, { email: `  ${email.toUpperCase()} `, password: "admin-pass-1" });
      expect(result).toMatchObject({ action: "created", email, passwordChanged: true });
      const user = (await userByEmail(email))!;
      expect(user.emailVerified).toBe(true);
      expect(await getUserRole(db, user.id)).toBe("owner");
      expect(await emailsTo(email)).toEqual([]);

      const outcome = await signIn(auth, requestHeaders(), { email, password: "admin-pass-1" });
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const context = testLoadContext(database, { auth });
      const viewer = await requireStaff(new Request(`${ORIGIN}/admin`, { headers: { cookie: sessionCookie(outcome.headers) } }), context);
      expect(viewer).toMatchObject({ email, isAdmin: true });
    });

    it("promotes an existing unverified account (verifying it); the password is optional, or replaced when given", async () => {
      const email = newEmail("staff");
      await signUp(auth, requestHeaders(), { email, password: "staff-pass-1" });
      const promoted = await createOrPromoteAdmin(auth, db, { email });
      expect(promoted).toMatchObject({ action: "promoted", email, passwordChanged: false });
      const user = (await userByEmail(email))!;
      expect(user.emailVerified).toBe(true);
      expect(await getUserRole(db, user.id)).toBe("owner");
      expect((await db.select().from(users).where(eq(users.email, email))).length).toBe(1);
      expect((await signIn(auth, requestHeaders(), { email, password: "staff-pass-1" })).ok).toBe(true);

      const again = await createOrPromoteAdmin(auth, db, { email, password: "staff-pass-2" });
      expect(again).toMatchObject({ action: "already-owner", passwordChanged: true });
      expect((await signIn(auth, requestHeaders(), { email, password: "staff-pass-1" })).ok).toBe(false);
      expect((await signIn(auth, requestHeaders(), { email, password: "staff-pass-2" })).ok).toBe(true);
    });

    it("refuses a new account without a password, a short password and a bad email, creating nothing", async () => {
      const email = newEmail("nopass");
      await expect(createOrPromoteAdmin(auth, db, { email })).rejects.toThrow(AdminAccountError);
      await expect(createOrPromoteAdmin(auth, db, { email })).rejects.toThrow(
        `No account uses ${email}; give a password (--password-stdin, or the prompt) to create one.`,
      );
      await expect(createOrPromoteAdmin(auth, db, { email, password: "12345" })).rejects.toThrow(
        "The password must be 6 to 128 characters long.",
      );
      await expect(createOrPromoteAdmin(auth, db, { email: "not-an-email", password: "admin-pass-1" })).rejects.toThrow(AdminAccountError);
      expect(await userByEmail(email)).toBeUndefined();

      // A short password is refused for an existing account too, and nothing changes.
      const existing = await verifiedAccount();
      await expect(createOrPromoteAdmin(auth, db, { email: existing.email, password: "abc" })).rejects.toThrow(AdminAccountError);
      expect(await db.select().from(userRoles).where(eq(userRoles.userId, existing.user.id))).toEqual([]);
    });
  });
});
