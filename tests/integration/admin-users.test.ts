import { beforeEach, expect, it } from "vitest";
import { userRoles } from "~db/schema/store";
import { addAdminByEmail, AdminUserError, claimFirstAdmin, countAdmins, listAdmins, removeAdmin } from "~/modules/auth/staff.server";
import { getUserRole, setUserRole } from "~/modules/auth/roles.server";
import { createUser } from "../factories/users";
import { describeWithDatabase } from "../setup/test-database";

/** The AdminUserError a promise rejects with (fails the test if it resolves or throws another). */
async function refusal(promise: Promise<unknown>): Promise<AdminUserError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdminUserError);
  return error as AdminUserError;
}

describeWithDatabase("admin users", (database) => {
  beforeEach(async () => {
    await database.db.delete(userRoles);
  });

  it("adds an existing account by email, trimmed and in any case, and lists it", async () => {
    const ama = await createUser(database.db, { name: "Ama Mensah", email: "ama@example.com" });
    const added = await addAdminByEmail(database.db, "  Ama@Example.COM ");
    expect(added).toMatchObject({ userId: ama.id, email: "ama@example.com", name: "Ama Mensah" });
    expect(await getUserRole(database.db, ama.id)).toBe("admin");
    expect(await listAdmins(database.db)).toEqual([
      { userId: ama.id, email: "ama@example.com", name: "Ama Mensah", createdAt: expect.any(String) },
    ]);
    expect(await countAdmins(database.db)).toBe(1);
  });

  it("explains why an email cannot be added", async () => {
    const kofi = await createUser(database.db, { email: "kofi@example.com" });
    await setUserRole(database.db, kofi.id, "admin");
    expect(await refusal(addAdminByEmail(database.db, "nobody@example.com"))).toMatchObject({
      code: "no-account",
      message: "No account with this email. Ask them to sign up first.",
    });
    expect(await refusal(addAdminByEmail(database.db, "KOFI@example.com"))).toMatchObject({
      code: "already-admin",
      message: "kofi@example.com is already an admin.",
    });
    expect((await refusal(addAdminByEmail(database.db, "   "))).code).toBe("invalid-email");
  });

  it("promotes a customer whose role row already exists, and ignores roles of deleted accounts", async () => {
    const esi = await createUser(database.db, { email: "esi@example.com" });
    await setUserRole(database.db, esi.id, "customer");
    await database.db.insert(userRoles).values({ userId: "deleted-account", role: "admin" });
    expect(await countAdmins(database.db)).toBe(0);
    await addAdminByEmail(database.db, "esi@example.com");
    expect((await listAdmins(database.db)).map((a) => a.email)).toEqual(["esi@example.com"]);
  });

  it("removes another admin, but never yourself and never the last admin", async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    const customer = await createUser(database.db);
    await setUserRole(database.db, a.id, "admin");
    await setUserRole(database.db, b.id, "admin");
    expect(await refusal(removeAdmin(database.db, { actorUserId: a.id, targetUserId: a.id }))).toMatchObject({
      code: "self",
      message: "You cannot remove your own admin access.",
    });
    expect((await refusal(removeAdmin(database.db, { actorUserId: a.id, targetUserId: customer.id }))).code).toBe("not-admin");
    expect((await refusal(removeAdmin(database.db, { actorUserId: customer.id, targetUserId: b.id }))).code).toBe("actor-not-admin");
    await removeAdmin(database.db, { actorUserId: a.id, targetUserId: b.id });
    expect(await getUserRole(database.db, b.id)).toBe("customer");
    expect(await refusal(removeAdmin(database.db, { actorUserId: customer.id, targetUserId: a.id }))).toMatchObject({
      code: "last-admin",
      message: "The last admin cannot be removed. Make another account admin first.",
    });
    expect(await countAdmins(database.db)).toBe(1);
  });

  it("leaves one admin when the last two remove each other at the same moment", async () => {
    for (let round = 0; round < 5; round++) {
      await database.db.delete(userRoles);
      const a = await createUser(database.db);
      const b = await createUser(database.db);
      await setUserRole(database.db, a.id, "admin");
      await setUserRole(database.db, b.id, "admin");
      const results = await Promise.allSettled([
        removeAdmin(database.db, { actorUserId: a.id, targetUserId: b.id }),
        removeAdmin(database.db, { actorUserId: b.id, targetUserId: a.id }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const [rejected] = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(rejected!.reason).toBeInstanceOf(AdminUserError);
      expect((rejected!.reason as AdminUserError).code).toBe("last-admin");
      expect(await countAdmins(database.db)).toBe(1);
    }
  });

  it("lets the first user claim admin only while the shop has no admin", async () => {
    const first = await createUser(database.db);
    const second = await createUser(database.db);
    await claimFirstAdmin(database.db, first.id);
    expect(await getUserRole(database.db, first.id)).toBe("admin");
    expect(await refusal(claimFirstAdmin(database.db, second.id))).toMatchObject({
      code: "admin-exists",
      message: "This shop already has an admin. Ask an admin to give you admin access in Settings → Admin Users.",
    });
    expect((await refusal(claimFirstAdmin(database.db, first.id))).code).toBe("already-admin");
    expect((await refusal(claimFirstAdmin(database.db, "no-such-user"))).code).toBe("no-account");
    expect(await countAdmins(database.db)).toBe(1);
  });

  it("makes exactly one admin when several users claim at the same moment", async () => {
    for (let round = 0; round < 3; round++) {
      await database.db.delete(userRoles);
      const claimants = await Promise.all([1, 2, 3, 4].map(() => createUser(database.db)));
      const results = await Promise.allSettled(claimants.map((u) => claimFirstAdmin(database.db, u.id)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(refusals.every((r) => r.reason instanceof AdminUserError && r.reason.code === "admin-exists")).toBe(true);
      expect(await countAdmins(database.db)).toBe(1);
    }
  });
});
