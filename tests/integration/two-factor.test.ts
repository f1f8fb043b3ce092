import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/modules/auth/admin-account.server";
import { SIGN_IN_AGAIN, signIn, signInSecondStep } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { validateSecondStep } from "~/modules/auth/auth.schema";
import { CONFIRM_FIRST_MESSAGE } from "~/modules/auth/identity-confirmation.server";
import { requireStaff } from "~/modules/auth/session.server";
import type { SecurityActionResult } from "~/modules/auth/two-factor.schema";
import { getStoreSettings, invalidateStoreSettingsCache, saveStoreSettings } from "~/modules/settings/settings.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { action as securityAction } from "~/routes/admin/security";
import { action as settingsAction } from "~/routes/admin/settings";
import { sessions, twoFactors, users } from "~db/schema/auth";
import { TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";
import { totpCode } from "../setup/totp";

const SESSION_COOKIE = "ahenfie.session_token";
let counter = 0;
const newEmail = (name: string) => `${name}${++counter}.${Date.now().toString(36)}@example.com`;
const nextIp = () => `10.48.${Math.floor(++counter / 250)}.${counter % 250}`;

/** The session cookie a response set, as the browser sends it back ("" when none). */
const sessionCookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((l) => l.startsWith(`${SESSION_COOKIE}=`))
    ?.split(";")[0] ?? "";

interface Answer {
  status: number;
  body: SecurityActionResult & Record<string, unknown>;
  headers: Headers;
}

/** Calls a route action as the server would, and reads data() answers and thrown responses alike. */
async function run(action: (args: never) => unknown, request: Request, context: AppLoadContext): Promise<Answer> {
  try {
    const result = (await action({ request, context, params: {} } as never)) as { data?: unknown; init?: ResponseInit | null };
    if (result && typeof result === "object" && "init" in result)
      return { status: result.init?.status ?? 200, body: result.data as Answer["body"], headers: new Headers(result.init?.headers) };
    return { status: 200, body: result as unknown as Answer["body"], headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: {} as Answer["body"], headers: thrown.headers };
    const d = thrown as { data?: unknown; init?: ResponseInit | null };
    if (d && typeof d === "object" && "init" in d)
      return { status: d.init?.status ?? 500, body: d.data as Answer["body"], headers: new Headers() };
    throw thrown;
  }
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describeWithDatabase("two-step sign-in and confirming it's you (decision 048)", (database) => {
  let context: AppLoadContext;
  beforeAll(() => {
    context = testLoadContext(database);
  });
  const db = () => database.db;
  const authHeaders = (cookie = "") => {
    const headers = new Headers({ origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: nextIp(), "user-agent": "vitest" });
    if (cookie) headers.set("cookie", cookie);
    return headers;
  };

  /** A staff member with a password, signed in: their session cookie. */
  async function staffMember(password = "kente-pass-1") {
    const email = newEmail("staff");
    await createOrPromoteAdmin(context.auth, db(), { email, password });
    const outcome = await signIn(context.auth, authHeaders(), { email, password });
    if (!outcome.ok) throw new Error(outcome.message.title);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    return { email, password, userId: user!.id, cookie: sessionCookieOf(outcome.headers) };
  }

  /** Sets up the app through the security page's forms, as the browser would: the key shown and the recovery codes. */
  async function withApp() {
    const member = await staffMember();
    const started = await run(
      securityAction,
      post("/admin/security", member.cookie, { intent: "start-setup", password: member.password }),
      context,
    );
    expect(started.status).toBe(200);
    const setup = started.body.setup!;
    const finished = await run(
      securityAction,
      post("/admin/security", member.cookie, { intent: "finish-setup", code: totpCode(setup.key) }),
      context,
    );
    expect(finished.body).toMatchObject({ ok: true, message: "Two-step sign-in is on. Your next sign-in asks for a code from your app." });
    // better-auth moves the sign-in to a new session when the app is turned on.
    const cookie = sessionCookieOf(finished.headers);
    expect(cookie).not.toBe("");
    return { ...member, cookie, key: setup.key, recoveryCodes: setup.recoveryCodes };
  }

  /** Makes the session's sign-in `minutes` old. */
  async function ageSession(cookie: string, minutes: number) {
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const then = new Date(Date.now() - minutes * 60_000);
    await db().update(sessions).set({ createdAt: then, confirmedAt: null }).where(eq(sessions.token, token));
  }

  describe("setting up the app", () => {
    it("asks for the password, then shows a QR code, the key and ten recovery codes; nothing is on until the app's first code", async () => {
      const member = await staffMember();
      const wrong = await run(
        securityAction,
        post("/admin/security", member.cookie, { intent: "start-setup", password: "not-it" }),
        context,
      );
      expect(wrong.body).toMatchObject({ ok: false, message: "That password is not right. Enter the one you sign in with." });

      const started = await run(
        securityAction,
        post("/admin/security", member.cookie, { intent: "start-setup", password: member.password }),
        context,
      );
      const setup = started.body.setup!;
      expect(setup.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(setup.key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      expect(setup.recoveryCodes).toHaveLength(10);
      for (const code of setup.recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
      const [before] = await db().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, member.userId));
      expect(before!.on).toBe(false);

      const badCode = String((Number(totpCode(setup.key)) + 1) % 1_000_000).padStart(6, "0");
      const refused = await run(securityAction, post("/admin/security", member.cookie, { intent: "finish-setup", code: badCode }), context);
      expect(refused.body.message).toMatch(/^That code did not work/);
      const malformed = await run(
        securityAction,
        post("/admin/security", member.cookie, { intent: "finish-setup", code: "12ab" }),
        context,
      );
      expect(malformed.body).toMatchObject({ ok: false, message: "Enter the 6-digit code your app shows" });

      const code = totpCode(setup.key);
      const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
      const done = await run(securityAction, post("/admin/security", member.cookie, { intent: "finish-setup", code: spaced }), context);
      expect(done.body.ok).toBe(true);
      const [after] = await db().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, member.userId));
      expect(after!.on).toBe(true);
      // The secret is kept encrypted: the key shown is not in the row.
      const [row] = await db().select().from(twoFactors).where(eq(twoFactors.userId, member.userId));
      expect(row!.secret).not.toContain(setup.key.replace(/ /g, ""));
    });
  });

  describe("signing in with the app", () => {
    it("the password alone gives no session; the app's code does; a wrong code does not", async () => {
      const member = await withApp();
      const first = await signIn(context.auth, authHeaders(), { email: member.email, password: member.password });
      expect(first).toMatchObject({ ok: true, secondStep: true, message: { title: "One more step" } });
      if (!first.ok) return;
      // No session: the password's session cookie is cleared, and only the short-lived challenge is set.
      expect(sessionCookieOf(first.headers)).toBe(`${SESSION_COOKIE}=`);
      const challenge = first.headers
        .getSetCookie()
        .find((l) => l.includes("two_factor"))!
        .split(";")[0]!;

      const wrong = await signInSecondStep(
        context.auth,
        authHeaders(challenge),
        { method: "app", code: "000000" === totpCode(member.key) ? "111111" : "000000" },
        db(),
      );
      expect(wrong).toMatchObject({ ok: false, message: { title: "That code did not work" } });

      const right = await signInSecondStep(context.auth, authHeaders(challenge), { method: "app", code: totpCode(member.key) }, db());
      expect(right.ok).toBe(true);
      if (!right.ok) return;
      const cookie = sessionCookieOf(right.headers);
      const viewer = await requireStaff(new Request(`${TEST_ORIGIN}/admin`, { headers: { cookie } }), context);
      expect(viewer.email).toBe(member.email);
    });

    it("an app's code works once: seen and typed again while still valid, it makes no session (RFC 6238 §5.2)", async () => {
      const member = await withApp();
      const challengeOf = async () => {
        const first = await signIn(context.auth, authHeaders(), { email: member.email, password: member.password });
        if (!first.ok) throw new Error("password refused");
        return first.headers
          .getSetCookie()
          .find((l) => l.includes("two_factor"))!
          .split(";")[0]!;
      };
      const sessionsOf = async () => (await db().select().from(sessions).where(eq(sessions.userId, member.userId))).length;
      const code = totpCode(member.key);
      const owned = await signInSecondStep(context.auth, authHeaders(await challengeOf()), { method: "app", code }, db());
      expect(owned.ok).toBe(true);
      const before = await sessionsOf();
      // Someone who saw the code, with the password, a moment later.
      const replayed = await signInSecondStep(context.auth, authHeaders(await challengeOf()), { method: "app", code }, db());
      expect(replayed).toMatchObject({
        ok: false,
        message: {
          title: "That code did not work",
          description: "That code was used already. Wait for the next code your app shows, then enter it.",
        },
      });
      expect(await sessionsOf()).toBe(before);
      // The same code again to "Confirm it's you" is refused too, before the app is asked.
      const cookie = sessionCookieOf((owned as { headers: Headers }).headers);
      const confirm = await run(
        securityAction,
        post("/admin/security", cookie, { intent: "confirm-identity", method: "app", secret: code }),
        context,
      );
      expect(confirm.body).toMatchObject({
        ok: false,
        message: "That code was used already. Wait for the next code your app shows, then enter it.",
      });
    });

    it("a recovery code signs in once; used again it is refused", async () => {
      const member = await withApp();
      const code = member.recoveryCodes[3]!;
      for (const expected of [true, false]) {
        const first = await signIn(context.auth, authHeaders(), { email: member.email, password: member.password });
        if (!first.ok) throw new Error("password refused");
        const challenge = first.headers
          .getSetCookie()
          .find((l) => l.includes("two_factor"))!
          .split(";")[0]!;
        const typed = validateSecondStep({ method: "recovery", code: code.replace("-", "") });
        if (!typed.ok) throw new Error("recovery code refused by the form");
        const outcome = await signInSecondStep(context.auth, authHeaders(challenge), typed.value, db());
        expect(outcome.ok).toBe(expected);
        if (!expected) expect(outcome).toMatchObject({ message: { description: "Check the recovery code; each one works only once." } });
      }
    });

    it("without the first step's cookie the second step says to sign in again", async () => {
      const outcome = await signInSecondStep(context.auth, authHeaders(), { method: "app", code: "123456" }, db());
      expect(outcome).toMatchObject({ ok: false, code: SIGN_IN_AGAIN, message: { title: "Please sign in again" } });
    });

    it("turning it off needs the password, and the password alone signs in again", async () => {
      const member = await withApp();
      const wrong = await run(securityAction, post("/admin/security", member.cookie, { intent: "turn-off", password: "nope" }), context);
      expect(wrong.body.ok).toBe(false);
      const off = await run(
        securityAction,
        post("/admin/security", member.cookie, { intent: "turn-off", password: member.password }),
        context,
      );
      expect(off.body).toMatchObject({ ok: true, message: "Two-step sign-in is off. Your password alone signs you in." });
      const again = await signIn(context.auth, authHeaders(), { email: member.email, password: member.password });
      expect(again.ok && !again.secondStep).toBe(true);
    });
  });

  describe("the owner's rules", () => {
    it("requiring the app of all staff needs your own first; then staff without it reach only Sign-in security", async () => {
      const owner = await staffMember();
      const refused = await run(
        securityAction,
        post("/admin/security", owner.cookie, { intent: "sign-in-rules", staffTwoFactorRequired: "on", confirmRefundsAbove: "1000" }),
        context,
      );
      expect(refused.body).toMatchObject({
        ok: false,
        message: "Turn on two-step sign-in for yourself first (above), then require it of all staff.",
      });

      const ownerWithApp = await withApp();
      const saved = await run(
        securityAction,
        post("/admin/security", ownerWithApp.cookie, {
          intent: "sign-in-rules",
          staffTwoFactorRequired: "on",
          confirmRefundsAbove: "2,500.50",
        }),
        context,
      );
      expect(saved.body).toMatchObject({ ok: true, message: "Sign-in rules saved" });
      invalidateStoreSettingsCache(db());
      expect(await getStoreSettings(db())).toMatchObject({ staffTwoFactorRequired: true, confirmRefundsAbove: 250_050 });
      try {
        const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie: owner.cookie } });
        const page = await requireStaff(get("/admin/products"), context).catch((thrown: unknown) => thrown);
        expect(page).toBeInstanceOf(Response);
        expect((page as Response).headers.get("location")).toBe("/admin/security?required=1");
        expect((await requireStaff(get("/admin/security"), context)).email).toBe(owner.email);
        const posted = await run(settingsAction, post("/admin/settings", owner.cookie, { intent: "notifications" }), context);
        expect(posted.status).toBe(403);
        // With their own app, the same admin goes on.
        expect(
          (await requireStaff(new Request(`${TEST_ORIGIN}/admin/products`, { headers: { cookie: ownerWithApp.cookie } }), context)).email,
        ).toBe(ownerWithApp.email);
        const off = await run(
          securityAction,
          post("/admin/security", ownerWithApp.cookie, { intent: "turn-off", password: ownerWithApp.password }),
          context,
        );
        expect(off.body.message).toMatch(/^The shop requires two-step sign-in of all staff/);
      } finally {
        await saveStoreSettings(db(), { staffTwoFactorRequired: false, confirmRefundsAbove: 100_000 });
      }
    });
  });

  describe("confirming it's you after 15 minutes", () => {
    it("payment settings wait for the password again; the answer holds for 15 minutes", async () => {
      const member = await staffMember();
      const form = { intent: "payments", paymentHoldMinutes: "45", paymentLinkHours: "48", depositPercent: "40" };
      const fresh = await run(settingsAction, post("/admin/settings", member.cookie, form), context);
      expect(fresh.body).toMatchObject({ ok: true });

      await ageSession(member.cookie, 16);
      const stale = await run(settingsAction, post("/admin/settings", member.cookie, { ...form, paymentHoldMinutes: "60" }), context);
      expect(stale).toMatchObject({ status: 403, body: { ok: false, message: CONFIRM_FIRST_MESSAGE } });
      invalidateStoreSettingsCache(db());
      expect((await getStoreSettings(db())).paymentHoldMinutes).toBe(45);

      const wrong = await run(
        securityAction,
        post("/admin/security", member.cookie, { intent: "confirm-identity", method: "password", secret: "guess" }),
        context,
      );
      expect(wrong.body).toMatchObject({ ok: false, message: "That password is not right." });
      const confirmed = await run(
        securityAction,
        post("/admin/security", member.cookie, { intent: "confirm-identity", method: "password", secret: member.password }),
        context,
      );
      expect(confirmed.body.ok).toBe(true);
      expect(Date.parse(confirmed.body.confirmedUntil!) - Date.now()).toBeGreaterThan(14 * 60_000);
      const after = await run(settingsAction, post("/admin/settings", member.cookie, { ...form, paymentHoldMinutes: "60" }), context);
      expect(after.body).toMatchObject({ ok: true });
      invalidateStoreSettingsCache(db());
      expect((await getStoreSettings(db())).paymentHoldMinutes).toBe(60);
      await saveStoreSettings(db(), { paymentHoldMinutes: 30, paymentLinkHours: 72, depositPercent: 50 });
    });

    it("a refund above the owner's amount is refused on an old sign-in before anything else happens; a smaller one is not", async () => {
      const member = await withApp();
      await ageSession(member.cookie, 20);
      const refund = (amount: string) =>
        run(
          ordersAction,
          post("/admin/orders", member.cookie, {
            intent: "refund",
            orderId: crypto.randomUUID(),
            refundId: crypto.randomUUID(),
            amount,
            reason: "Customer returned it",
          }),
          context,
        );
      expect(await refund("1000.01")).toMatchObject({ status: 403, body: { confirmIdentity: true, message: CONFIRM_FIRST_MESSAGE } });
      // At the limit the refund goes on to the order (which this one does not have).
      expect((await refund("1000.00")).body).not.toMatchObject({ confirmIdentity: true });

      // The app's code confirms too.
      const confirmed = await run(
        securityAction,
        post("/admin/security", member.cookie, { intent: "confirm-identity", method: "app", secret: totpCode(member.key) }),
        context,
      );
      expect(confirmed.body.ok).toBe(true);
      expect((await refund("5000")).body).not.toMatchObject({ confirmIdentity: true });
    });

    it("the code is refused to someone without an app, and guesses stop after ten tries", async () => {
      const member = await staffMember();
      const confirm = (method: string, secret: string) =>
        run(securityAction, post("/admin/security", member.cookie, { intent: "confirm-identity", method, secret }), context);
      expect((await confirm("app", "123456")).body.message).toBe("Your account has no authenticator app. Use your password.");
      for (let i = 0; i < 9; i++) expect((await confirm("password", `guess-${i}`)).status).toBe(400);
      const limited = await confirm("password", member.password);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many tries/);
    });
  });
});
