import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessions, users } from "~db/schema/auth";
import { userRoles } from "~db/schema/store";
import { signIn, signUp } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import type { StaffRole } from "~/modules/auth/capabilities";
import { getUserRole, setUserRole } from "~/modules/auth/roles.server";
import { lookupViewer, requireStaffPage } from "~/modules/auth/session.server";
import {
  changeStaffMember,
  claimFirstOwner,
  countOwners,
  listStaff,
  StaffChangeError,
  type StaffChange,
} from "~/modules/auth/staff.server";
import { loader as customersLoader } from "~/routes/admin/customers";
import { createUser } from "../factories/users";
import { createTestAuth, testLoadContext } from "../setup/load-context";
import { routeAnswer } from "../setup/route-answer";
import { createTestDatabase, testDrivers, type TestDatabase } from "../setup/test-database";

/**
 * Staff changes (decision 047) with real better-auth sessions: a suspended, removed or demoted
 * member's open session is refused on its very next request; the last owner stays, also when two
 * owners demote each other at the same moment (PostgreSQL: two connections really at once).
 */
const ORIGIN = "http://localhost:3998";
const silent = { info() {}, warn() {}, error() {} };

async function refusal(promise: Promise<unknown>): Promise<StaffChangeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StaffChangeError);
  return error as StaffChangeError;
}

describe.each(testDrivers())("staff roles on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let n = 0;

  /** A real account, signed in: its id and session cookie. */
  async function member(role: StaffRole | "customer") {
    const email = `member${++n}@staff.test`;
    const headers = () => new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: `10.1.0.${n}` });
    expect((await signUp(context.auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(true);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signedIn = await signIn(context.auth, headers(), { email, password: "kente-pass-1" });
    if (!signedIn.ok) throw new Error(signedIn.message.title);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    if (role !== "customer") await setUserRole(database.db, user!.id, role);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((l) => l.startsWith("ahenfie.session_token="))!
      .split(";")[0]!;
    return { id: user!.id, email, cookie };
  }
  const viewerOf = async (cookie: string) =>
    (await lookupViewer(new Request(`${ORIGIN}/admin`, { headers: { cookie } }), testLoadContext(database, { auth: context.auth }))).viewer;
  const change = (actorUserId: string, targetUserId: string, c: StaffChange) =>
    changeStaffMember(database.db, { actorUserId, targetUserId, change: c });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const auth = createTestAuth(database.db, { origin: ORIGIN, log: silent });
    context = testLoadContext(database, { auth, log: silent });
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(userRoles);
  });

  it("suspending ends the member's live session at once; reactivating lets them sign in again", async () => {
    const owner = await member("owner");
    const staff = await member("staff");
    expect(await viewerOf(staff.cookie)).toMatchObject({ role: "staff", isAdmin: true });
    await change(owner.id, staff.id, { kind: "suspend" });
    // The old cookie: nobody, on the very next request.
    expect(await viewerOf(staff.cookie)).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, staff.id))).toEqual([]);
    // Signing in again gives a customer: no staff access while suspended.
    const again = await signIn(context.auth, new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: "10.2.0.1" }), {
      email: staff.email,
      password: "kente-pass-1",
    });
    expect(again.ok).toBe(true);
    const cookie = again.ok
      ? again.headers
          .getSetCookie()
          .find((l) => l.startsWith("ahenfie.session_token="))!
          .split(";")[0]!
      : "";
    expect(await viewerOf(cookie)).toMatchObject({ role: "customer", isAdmin: false });
    expect((await listStaff(database.db)).find((m) => m.userId === staff.id)).toMatchObject({ role: "staff", suspended: true });
    await change(owner.id, staff.id, { kind: "reactivate" });
    expect(await viewerOf(cookie)).toMatchObject({ role: "staff", isAdmin: true });
  });

  it("a demotion ends the sessions; removal keeps the account as a customer's", async () => {
    const owner = await member("owner");
    const manager = await member("manager");
    const request = (cookie: string) => new Request(`${ORIGIN}/admin/customers`, { headers: { cookie } });
    const ctx = testLoadContext(database, { auth: context.auth });
    expect((await routeAnswer(customersLoader, { request: request(manager.cookie), context: ctx })).status).toBe(200);
    await change(owner.id, manager.id, { kind: "role", role: "accountant" });
    expect(await viewerOf(manager.cookie)).toBeNull();
    expect(await getUserRole(database.db, manager.id)).toBe("accountant");
    await change(owner.id, manager.id, { kind: "remove" });
    expect(await getUserRole(database.db, manager.id)).toBe("customer");
    expect(await database.db.select().from(users).where(eq(users.id, manager.id))).toHaveLength(1);
  });

  it("the role is read with the session on each request: a role changed under a live session counts at once", async () => {
    const manager = await member("manager");
    const ctx = testLoadContext(database, { auth: context.auth });
    const open = () =>
      requireStaffPage(new Request(`${ORIGIN}/admin/customers`, { headers: { cookie: manager.cookie } }), ctx, "admin/customers");
    await expect(open()).resolves.toMatchObject({ role: "manager" });
    // Written straight to the table (no session deleted): the very next request reads it.
    await database.db.update(userRoles).set({ role: "staff" }).where(eq(userRoles.userId, manager.id));
    const refused = await open().catch((e: unknown) => e);
    expect(refused).toMatchObject({
      init: { status: 403 },
      data: { message: expect.stringContaining("Your role (Staff) does not include this page") },
    });
    await database.db.update(userRoles).set({ suspendedAt: new Date() }).where(eq(userRoles.userId, manager.id));
    expect(await viewerOf(manager.cookie)).toMatchObject({ role: "customer", isAdmin: false });
  });

  it("only an active owner changes staff; never yourself out; never the last owner", async () => {
    const owner = await member("owner");
    const manager = await member("manager");
    const customer = await member("customer");
    expect((await refusal(change(manager.id, owner.id, { kind: "suspend" }))).code).toBe("actor-not-owner");
    expect((await refusal(change(owner.id, customer.id, { kind: "suspend" }))).code).toBe("not-staff");
    expect((await refusal(change(owner.id, owner.id, { kind: "remove" }))).code).toBe("self");
    expect((await refusal(change(owner.id, owner.id, { kind: "suspend" }))).code).toBe("self");
    expect(await refusal(change(owner.id, owner.id, { kind: "role", role: "manager" }))).toMatchObject({
      code: "last-owner",
      message: "The shop's last owner cannot be removed, demoted or suspended. Make another member an owner first.",
    });
    // With a second owner, one may step down (and is signed out), and the other may not then follow.
    await change(owner.id, manager.id, { kind: "role", role: "owner" });
    await change(owner.id, owner.id, { kind: "role", role: "manager" });
    expect(await viewerOf(owner.cookie)).toBeNull();
    expect((await refusal(change(manager.id, manager.id, { kind: "role", role: "staff" }))).code).toBe("last-owner");
    expect(await countOwners(database.db)).toBe(1);
  });

  it("two owners demoting, suspending or removing each other at the same moment leave one owner", async () => {
    const kinds: StaffChange[] = [{ kind: "role", role: "manager" }, { kind: "suspend" }, { kind: "remove" }];
    for (let round = 0; round < 6; round++) {
      await database.db.delete(userRoles);
      const a = await createUser(database.db);
      const b = await createUser(database.db);
      await setUserRole(database.db, a.id, "owner");
      await setUserRole(database.db, b.id, "owner");
      const results = await Promise.allSettled([change(a.id, b.id, kinds[round % 3]!), change(b.id, a.id, kinds[(round + 1) % 3]!)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const [rejected] = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(rejected!.reason).toBeInstanceOf(StaffChangeError);
      expect(["actor-not-owner", "last-owner"]).toContain((rejected!.reason as StaffChangeError).code);
      expect(await countOwners(database.db)).toBe(1);
    }
  });

  it("the Diagnostic page's claim makes one owner, only while the shop has none", async () => {
    const claimants = await Promise.all([1, 2, 3].map(() => createUser(database.db)));
    const results = await Promise.allSettled(claimants.map((u) => claimFirstOwner(database.db, u.id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      results
        .filter((r): r is PromiseRejectedResult => r.status === "rejected")
        .every((r) => (r.reason as StaffChangeError).code === "owner-exists"),
    ).toBe(true);
    expect(await countOwners(database.db)).toBe(1);
  });
});
