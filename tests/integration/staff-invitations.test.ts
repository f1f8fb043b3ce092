import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "~db/schema/auth";
import { emailOutbox, staffInvitations, userRoles } from "~db/schema/store";
import { signUp } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { getUserRole, setUserRole } from "~/modules/auth/roles.server";
import { lookupViewer } from "~/modules/auth/session.server";
import { acceptInvitation } from "~/modules/auth/staff-invitation-accept.server";
import {
  INVITE_LIMITS,
  InvitationError,
  inviteStaff,
  listOpenInvitations,
  revokeInvitation,
} from "~/modules/auth/staff-invitations.server";
import { action as invitationAction, loader as invitationLoader } from "~/routes/auth/staff-invitation";
import { action as settingsAction } from "~/routes/admin/settings";
import { createUser } from "../factories/users";
import { createTestAuth, signedInAs, testLoadContext, TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { createTestDatabase, testDrivers, type TestDatabase } from "../setup/test-database";

/**
 * Staff invitations (decision 047) through the module and the link's page, with real better-auth:
 * a new person sets a password and lands signed in on the admin with their role; an existing
 * customer account proves itself with its password; expired, reused and revoked links say so;
 * invitation emails are rate-limited.
 */
const ORIGIN = "http://localhost:3997";
const silent = { info() {}, warn() {}, error() {} };

describe.each(testDrivers())("staff invitations on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let owner: { id: string; name: string; email: string };
  let ip = 0;
  const headers = () => new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: `10.3.0.${++ip % 250}` });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const auth = createTestAuth(database.db, { origin: ORIGIN, log: silent });
    context = testLoadContext(database, { auth, log: silent });
    const user = await createUser(database.db, { name: "Esi Owner", email: "esi@owner.test" });
    await setUserRole(database.db, user.id, "owner");
    owner = { id: user.id, name: user.name, email: user.email };
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(staffInvitations);
    await database.db.execute(sql`delete from rate_limits`);
  });

  const invite = (email: string, role: "manager" | "staff" | "accountant" = "staff") =>
    inviteStaff(database.db, { email, role, invitedBy: owner, origin: ORIGIN, storeName: "Ahenfie" });
  const tokenOf = (url: string) => url.split("/staff-invitation/")[1]!;
  const viewerOf = async (cookie: string) =>
    (await lookupViewer(new Request(`${ORIGIN}/admin`, { headers: { cookie } }), testLoadContext(database, { auth: context.auth }))).viewer;
  const sessionCookie = (h: Headers) =>
    h
      .getSetCookie()
      .find((l) => l.startsWith("ahenfie.session_token="))!
      .split(";")[0]!;
  const page = (token: string) =>
    routeAnswer(invitationLoader, { request: new Request(`${ORIGIN}/staff-invitation/${token}`), context, params: { token } });
  const postPage = (token: string, form: Record<string, string>) => {
    const request = new Request(`${TEST_ORIGIN}/staff-invitation/${token}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: `10.4.0.${++ip % 250}` },
      body: new URLSearchParams(form),
    });
    return routeAnswer(invitationAction, { request, context, params: { token } });
  };

  it("emails an unguessable link, kept only hashed; the invitee sets a password and lands signed in on the admin", async () => {
    const sent = await invite("  Kojo@Tailor.test ", "staff");
    const token = tokenOf(sent.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(staffInvitations).where(eq(staffInvitations.id, sent.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.email).toBe("kojo@tailor.test");
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71.9 * 3_600_000);
    const [email] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "kojo@tailor.test"));
    expect(email).toMatchObject({ kind: "staff-invitation", subject: "You are invited to the Ahenfie team" });
    expect(email!.text).toContain(sent.url);
    expect(email!.text).toContain("as Staff");
    expect((await page(token)).body).toEqual({ state: "open", email: "kojo@tailor.test", role: "staff", accountExists: false });

    const mismatch = await postPage(token, { name: "Kojo", password: "tailor-pass-1", confirmPassword: "other-pass-1" });
    expect(mismatch.status).toBe(400);
    const accepted = await postPage(token, { name: "Kojo Mensah", password: "tailor-pass-1", confirmPassword: "tailor-pass-1" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin");
    expect(await viewerOf(sessionCookie(accepted.headers))).toMatchObject({
      email: "kojo@tailor.test",
      name: "Kojo Mensah",
      role: "staff",
      isAdmin: true,
    });
    // Used: the link says so, and a second try changes nothing.
    expect((await page(token)).body).toEqual({ state: "used" });
    const again = await postPage(token, { name: "Someone", password: "other-pass-1", confirmPassword: "other-pass-1" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`/staff-invitation/${token}`);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("an expired link, a revoked one, a re-sent one and a made-up one show why they do not work", async () => {
    const expired = await invite("ama@tailor.test");
    await database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expired.id));
    expect((await page(tokenOf(expired.url))).body).toEqual({ state: "expired" });
    const outcome = await acceptInvitation(context.auth, database.db, headers(), {
      token: tokenOf(expired.url),
      password: "tailor-pass-1",
    });
    expect(outcome).toEqual({ ok: false, state: "expired" });
    expect(await database.db.select().from(users).where(eq(users.email, "ama@tailor.test"))).toEqual([]);

    const first = await invite("yaw@tailor.test");
    const second = await invite("yaw@tailor.test", "accountant");
    expect((await page(tokenOf(first.url))).body).toEqual({ state: "revoked" });
    expect((await listOpenInvitations(database.db)).map((i) => [i.email, i.role])).toEqual([
      ["yaw@tailor.test", "accountant"],
      ["ama@tailor.test", "staff"],
    ]);
    expect(await revokeInvitation(database.db, second.id)).toEqual({ revoked: true, email: "yaw@tailor.test" });
    expect((await page(tokenOf(second.url))).body).toEqual({ state: "revoked" });
    expect(await acceptInvitation(context.auth, database.db, headers(), { token: tokenOf(second.url), password: "x-pass-123" })).toEqual({
      ok: false,
      state: "revoked",
    });
    expect((await page("A".repeat(43))).body).toEqual({ state: "invalid" });
    expect((await page("short")).body).toEqual({ state: "invalid" });
  });

  it("an existing customer account joins only with its own password, and stays a customer until then", async () => {
    expect((await signUp(context.auth, headers(), { email: "abena@customer.test", password: "abena-pass-1" })).ok).toBe(true);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, "abena@customer.test"));
    const sent = await invite("abena@customer.test", "manager");
    const token = tokenOf(sent.url);
    expect((await page(token)).body).toMatchObject({ state: "open", accountExists: true });
    const [account] = await database.db.select().from(users).where(eq(users.email, "abena@customer.test"));

    const wrong = await postPage(token, { password: "not-her-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Please check your email and password." });
    expect(await getUserRole(database.db, account!.id)).toBe("customer");
    expect((await page(token)).body).toMatchObject({ state: "open" });

    const right = await postPage(token, { password: "abena-pass-1" });
    expect(right.status).toBe(302);
    expect(await getUserRole(database.db, account!.id)).toBe("manager");
    expect(await viewerOf(sessionCookie(right.headers))).toMatchObject({ id: account!.id, role: "manager" });
  });

  it("an existing account never verified: the link proves the inbox, the password the account", async () => {
    expect((await signUp(context.auth, headers(), { email: "efua@customer.test", password: "efua-pass-1" })).ok).toBe(true);
    const sent = await invite("efua@customer.test", "accountant");
    const wrong = await acceptInvitation(context.auth, database.db, headers(), { token: tokenOf(sent.url), password: "wrong-pass-1" });
    expect(wrong).toMatchObject({ ok: false, state: "open", status: 401 });
    const [before] = await database.db.select().from(users).where(eq(users.email, "efua@customer.test"));
    expect(before!.emailVerified).toBe(false);
    const outcome = await acceptInvitation(context.auth, database.db, headers(), { token: tokenOf(sent.url), password: "efua-pass-1" });
    expect(outcome).toMatchObject({ ok: true, role: "accountant" });
    const [after] = await database.db.select().from(users).where(eq(users.email, "efua@customer.test"));
    expect(after!.emailVerified).toBe(true);
  });

  it("refuses to invite active staff, and limits invitation emails per address and per owner", async () => {
    await expect(invite("esi@owner.test")).rejects.toMatchObject({ code: "already-staff" });
    for (let i = 0; i < INVITE_LIMITS.perAddress.limit; i++) await invite("kwame@tailor.test");
    const limited = await invite("kwame@tailor.test").catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(InvitationError);
    expect(limited).toMatchObject({ code: "rate-limited" });
    const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "kwame@tailor.test"));
    expect(emails).toHaveLength(INVITE_LIMITS.perAddress.limit);

    // Through Settings → Staff: the owner hears 429 with the wait.
    await database.db.execute(sql`delete from rate_limits`);
    const ownerContext = testLoadContext(database, { auth: signedInAs(owner) });
    const post = (email: string) => {
      const request = samePost("/admin/settings", new URLSearchParams({ intent: "invite-staff", email, role: "staff" }));
      request.headers.set("cookie", "ahenfie.session_token=x");
      return routeAnswer(settingsAction, { request, context: ownerContext });
    };
    for (let i = 0; i < INVITE_LIMITS.perInviter.limit; i++) expect((await post(`person${i}@team.test`)).status).toBe(200);
    const refused = await post("one-more@team.test");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ intent: "invite-staff", ok: false, message: expect.stringMatching(/^Too many invitations sent/) });
  });

  it("the same link used twice at once makes one member", async () => {
    const sent = await invite("adjoa@tailor.test");
    const token = tokenOf(sent.url);
    const outcomes = await Promise.all([
      acceptInvitation(context.auth, database.db, headers(), { token, password: "adjoa-pass-1", name: "Adjoa" }),
      acceptInvitation(context.auth, database.db, headers(), { token, password: "adjoa-pass-1", name: "Adjoa" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await database.db.select().from(users).where(eq(users.email, "adjoa@tailor.test"))).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(users.email, "adjoa@tailor.test"));
    expect(rows.map((r) => r.user_roles.role)).toEqual(["staff"]);
  });
});
