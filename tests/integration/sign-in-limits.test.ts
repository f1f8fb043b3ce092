import { eq, like, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { signIn, signUp, type AuthOutcome } from "~/modules/auth/auth-actions.server";
import { AUTH_RATE_LIMITS, CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import type { Auth } from "~/modules/auth/auth.server";
import { accountDelayMs, SIGN_IN_FAILURE_LIMITS } from "~/modules/auth/sign-in-failures.server";
import { users } from "~db/schema/auth";
import { rateLimits } from "~db/schema/store";
import { createTestAuth } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/**
 * Sign-in limits count failures, per account and address, so that nobody can keep the owner
 * out of their account by typing wrong passwords from elsewhere (docs/security.md, "Nobody can lock the owner out of their account").
 */
const ORIGIN = "http://localhost:3999";
let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
let emailCounter = 0;
const newEmail = () => `owner${++emailCounter}.${Date.now().toString(36)}@example.com`;
/** The outcome's code: better-auth's error code, or "OK" when signed in. */
const codeOf = (outcome: AuthOutcome) => (outcome.ok ? "OK" : outcome.code);
const headers = (ip: string) => new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: ip, "user-agent": "vitest" });

describeWithDatabase("sign-in limits", (database) => {
  let auth: Auth;

  beforeAll(() => {
    auth = createTestAuth(database.db, { origin: ORIGIN });
  });

  /** A verified account (sign-up, then the email marked verified), never signed in yet. */
  async function account(password = "kente-pass-1") {
    const email = newEmail();
    expect((await signUp(auth, headers(nextIp()), { email, password })).ok).toBe(true);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    return { email, password };
  }

  const wrong = (email: string, ip: string, i = 0) => signIn(auth, headers(ip), { email, password: `wrong-${i}` });

  it("the owner's own address still signs in after 10 failures from another address; that address is refused, even with the right password", async () => {
    const { email, password } = await account();
    const attacker = nextIp();
    const owner = nextIp();
    expect(SIGN_IN_FAILURE_LIMITS.perAccountAndAddress.limit).toBe(10);
    for (let i = 0; i < 10; i++) expect((await wrong(email, attacker, i)).message.title, `attempt ${i + 1}`).toBe("Invalid credentials");

    const refused = await signIn(auth, headers(attacker), { email, password });
    expect(refused).toMatchObject({ ok: false, status: 429, code: "TOO_MANY_ATTEMPTS", message: { title: "Too many attempts" } });
    expect(refused.message.description).toBe("Too many attempts. Please wait 15 minutes and try again.");

    const signedIn = await signIn(auth, headers(owner), { email, password });
    expect(signedIn).toMatchObject({ ok: true, message: { title: "Welcome back!" } });
  });

  it("counts failures, not successes: 11 sign-ins in a row from one address all work", async () => {
    const { email, password } = await account();
    const ip = nextIp();
    for (let i = 0; i < 11; i++) expect((await signIn(auth, headers(ip), { email, password })).ok, `sign-in ${i + 1}`).toBe(true);
    // And a success clears the address's failures: 9 wrong, right, 8 wrong are all tried
    // (29 attempts: under the 30 every address may make in 15 minutes).
    for (let i = 0; i < 9; i++) await wrong(email, ip, i);
    expect((await signIn(auth, headers(ip), { email, password })).ok).toBe(true);
    for (let i = 0; i < 8; i++) expect(codeOf(await wrong(email, ip, i))).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("concurrent wrong passwords from one address: at most 10 are tried, the rest refused", async () => {
    const { email } = await account();
    const ip = nextIp();
    const outcomes = await Promise.all(Array.from({ length: 16 }, (_, i) => wrong(email, ip, i)));
    expect(outcomes.filter((o) => codeOf(o) === "INVALID_EMAIL_OR_PASSWORD")).toHaveLength(10);
    expect(outcomes.filter((o) => codeOf(o) === "TOO_MANY_ATTEMPTS")).toHaveLength(6);
  });

  it("past 50 failures from many addresses, each attempt waits a growing time, but the owner's known address gets in", async () => {
    const { email, password } = await account();
    const owner = nextIp();
    expect((await signIn(auth, headers(owner), { email, password })).ok).toBe(true);

    // 50 wrong passwords from 10 addresses: nobody waits yet.
    const crowd = Array.from({ length: 10 }, nextIp);
    for (let i = 0; i < 50; i++)
      expect(codeOf(await wrong(email, crowd[i % 10]!, i)), `failure ${i + 1}`).toBe("INVALID_EMAIL_OR_PASSWORD");

    // Now one attempt per wait from unknown addresses, however many arrive at once; the others
    // are told to wait.
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => wrong(email, nextIp(), i)));
    expect(burst.filter((o) => codeOf(o) === "INVALID_EMAIL_OR_PASSWORD")).toHaveLength(1);
    const blocked = burst.filter((o) => codeOf(o) === "TOO_MANY_ATTEMPTS");
    expect(blocked).toHaveLength(4);
    expect(blocked[0]).toMatchObject({ status: 429, message: { description: "Too many attempts. Please wait 1 minute and try again." } });
    // Even the right password from a fresh address waits: the account is being guessed at.
    expect(codeOf(await signIn(auth, headers(nextIp()), { email, password }))).toBe("TOO_MANY_ATTEMPTS");

    // The owner's address, where the account signed in before, is not slowed down.
    expect(await signIn(auth, headers(owner), { email, password })).toMatchObject({ ok: true, message: { title: "Welcome back!" } });

    // Each failure doubles the wait, up to the cap: 1 s after 50 failures, 2 s after 51…
    // The wait starts when the server counts the failure, somewhere between the database clock
    // read before the attempt and the one after it, so it is bracketed rather than read off a
    // clock that keeps running (a busy machine made a 2 s wait read as 1).
    const databaseClock = async () => {
      const [row] = await database.db.select({ at: sql<number>`extract(epoch from clock_timestamp())` }).from(sql`(select 1) as one`);
      return Number(row!.at);
    };
    const gateOpensAt = async () => {
      const [gate] = await database.db
        .select({ at: sql<number>`extract(epoch from ${rateLimits.resetAt})` })
        .from(rateLimits)
        .where(like(rateLimits.key, `%:wait:${email}`));
      return Number(gate!.at);
    };
    const openGate = () => database.db.execute(sql`update rate_limits set reset_at = now() where key like ${`%:wait:${email}`}`);
    // Failures 51..54 were counted before these attempts: waits of 2, 4, 8, 16 seconds.
    for (const expected of [2, 4, 8, 16]) {
      await openGate();
      const before = await databaseClock();
      expect(codeOf(await wrong(email, nextIp(), expected))).toBe("INVALID_EMAIL_OR_PASSWORD");
      const after = await databaseClock();
      const opensAt = await gateOpensAt();
      expect(opensAt - after).toBeLessThanOrEqual(expected + 0.01);
      expect(opensAt - before).toBeGreaterThanOrEqual(expected - 0.01);
    }
    const lockedOut = await wrong(email, nextIp());
    expect(codeOf(lockedOut)).toBe("TOO_MANY_ATTEMPTS");
  }, 60_000);

  it("the delay grows exponentially and is capped at 15 minutes", () => {
    expect([49, 50, 51, 52, 60].map(accountDelayMs)).toEqual([0, 1_000, 2_000, 4_000, 900_000]);
    expect(accountDelayMs(10_000)).toBe(15 * 60_000);
  });

  it("keeps the per-address limit of every attempt (30 per 15 minutes)", () => {
    expect(AUTH_RATE_LIMITS["/sign-in/email"]!.perIp).toEqual({ limit: 30, windowMs: 15 * 60_000 });
  });
});
