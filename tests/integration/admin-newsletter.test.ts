import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { newsletterSubscribers } from "~db/schema/store";
import { listSubscribers, removeSubscriber, subscribersCsv, subscriberSummary } from "~/modules/newsletter/subscribers.server";
import { action, loader } from "~/routes/admin/newsletter";
import { loader as exportLoader } from "~/routes/admin/newsletter-export";
import { createAdmin, createUser } from "../factories/users";
import { signedInAs, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The admin Newsletter list (issue 12, item 7): sign-ups by status and email, the figures, the
 * CSV of confirmed subscribers only (formula-safe), removing an address, and admins only.
 */
describeWithDatabase("admin newsletter subscribers", (database) => {
  const DAY = 24 * 60 * 60_000;
  let adminId: string;
  let customerId: string;

  beforeAll(async () => {
    adminId = (await createAdmin(database.db, { email: "owner@example.com" })).id;
    customerId = (await createUser(database.db, { email: "ama@example.com" })).id;
  });

  beforeEach(async () => {
    await database.db.delete(newsletterSubscribers);
    const now = Date.now();
    await database.db.insert(newsletterSubscribers).values([
      { email: "kofi@example.com", createdAt: new Date(now - 3 * DAY), confirmedAt: new Date(now - 3 * DAY) },
      { email: '=HYPERLINK("http://evil.test")@example.com', createdAt: new Date(now - 2 * DAY), confirmedAt: new Date(now - 2 * DAY) },
      { email: "esi@example.com", createdAt: new Date(now - DAY) },
      // Confirmed long ago: a subscriber, but not new this month.
      { email: "yaw@example.com", createdAt: new Date(now - 400 * DAY), confirmedAt: new Date(now - 400 * DAY) },
    ]);
  });

  function as(userId: string, email: string) {
    return testLoadContext(database, { auth: signedInAs({ id: userId, email }) });
  }
  const cookie = { cookie: "ahenfie.session_token=abc" };
  const loaderArgs = (context: ReturnType<typeof as>, url: string) =>
    ({
      request: new Request(`${TEST_ORIGIN}${url}`, { headers: cookie }),
      url: new URL(`${TEST_ORIGIN}${url}`),
      context,
      params: {},
    }) as never;
  const removePost = (id: number) =>
    new Request(`${TEST_ORIGIN}/admin/newsletter`, {
      method: "POST",
      headers: { ...cookie, origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: String(id) }),
    });

  it("lists every sign-up newest first, filters by status and email, and pages", async () => {
    const all = await listSubscribers(database.db);
    expect(all.rows.map((r) => r.email)).toEqual([
      "esi@example.com",
      '=HYPERLINK("http://evil.test")@example.com',
      "kofi@example.com",
      "yaw@example.com",
    ]);
    expect(all).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    expect(all.rows[0]).toMatchObject({ status: "pending", confirmedAt: null, source: "footer" });

    const pending = await listSubscribers(database.db, { status: "pending" });
    expect(pending.rows.map((r) => r.email)).toEqual(["esi@example.com"]);
    const confirmed = await listSubscribers(database.db, { status: "confirmed" });
    expect(confirmed.total).toBe(3);

    // The search is a substring of the address, any case; % and _ are plain characters.
    expect((await listSubscribers(database.db, { search: "KOFI" })).rows.map((r) => r.email)).toEqual(["kofi@example.com"]);
    expect((await listSubscribers(database.db, { search: "%" })).total).toBe(0);

    const paged = await listSubscribers(database.db, { pageSize: 3, page: 2 });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(paged.rows.map((r) => r.email)).toEqual(["yaw@example.com"]);
    // Past the end: the last page.
    expect((await listSubscribers(database.db, { pageSize: 3, page: 9 })).page).toBe(2);
  });

  it("counts subscribers, pending sign-ups and this month's confirmations", async () => {
    const summary = await subscriberSummary(database.db, "Africa/Accra");
    expect(summary.confirmed).toBe(3);
    expect(summary.pending).toBe(1);
    // The two confirmed in the last three days, unless the month began since.
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).getTime();
    const recent = [3, 2].filter((days) => Date.now() - days * DAY >= monthStart).length;
    expect(summary.confirmedThisMonth).toBe(recent);
  });

  it("exports only confirmed subscribers, formula-safe, matching the search", async () => {
    const csv = await subscribersCsv(database.db, {}, { timeZone: "Africa/Accra", batchSize: 2 });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Email,Signed up from,Signed up (Africa/Accra),Confirmed (Africa/Accra)");
    expect(lines).toHaveLength(4);
    expect(csv).not.toContain("esi@example.com");
    // A cell starting with = is written as text: a leading apostrophe (and quoted, as it holds quotes).
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")@example.com"`);
    expect(await subscribersCsv(database.db, { search: "yaw" }, { timeZone: "UTC" })).toContain("yaw@example.com");
    expect(await subscribersCsv(database.db, { search: "yaw" }, { timeZone: "UTC" })).not.toContain("kofi");

    const response = (await exportLoader(loaderArgs(as(adminId, "owner@example.com"), "/admin/newsletter/export.csv"))) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = await response.text();
    expect(body).toContain("kofi@example.com");
    expect(body).not.toContain("esi@example.com");
  });

  it("removes an address once; removing it again changes nothing", async () => {
    const [esi] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`email = 'esi@example.com'`);
    expect(await removeSubscriber(database.db, esi!.id)).toEqual({ removed: true, email: "esi@example.com" });
    expect(await removeSubscriber(database.db, esi!.id)).toEqual({ removed: false, email: null });
    expect((await listSubscribers(database.db)).total).toBe(3);
  });

  it("the page's action removes through the guard, for admins only", async () => {
    const [kofi] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`email = 'kofi@example.com'`);
    const post = (context: ReturnType<typeof as>, body: Request) =>
      action({ request: body, context, params: {} } as unknown as Parameters<typeof action>[0]);

    // A customer: refused with 403 before anything is read or removed.
    const refused = await post(as(customerId, "ama@example.com"), removePost(kofi!.id)).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ init: { status: 403 } });
    expect((await listSubscribers(database.db)).total).toBe(4);

    const done = (await post(as(adminId, "owner@example.com"), removePost(kofi!.id))) as { data: unknown };
    expect(done.data).toEqual({ ok: true, removed: true, email: "kofi@example.com" });
    expect((await listSubscribers(database.db)).rows.map((r) => r.email)).not.toContain("kofi@example.com");

    const bad = (await post(as(adminId, "owner@example.com"), removePost(-1))) as { data: unknown; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false });
  });

  it("the page and the export refuse a customer", async () => {
    const customer = as(customerId, "ama@example.com");
    const page = await Promise.resolve(loader(loaderArgs(customer, "/admin/newsletter"))).catch((thrown: unknown) => thrown);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).headers.get("location")).toBe("/");
    const csv = await Promise.resolve(exportLoader(loaderArgs(customer, "/admin/newsletter/export.csv"))).catch(
      (thrown: unknown) => thrown,
    );
    expect((csv as Response).status).toBe(302);
    expect((csv as Response).headers.get("location")).toBe("/");
  });

  it("the page's loader gives the list, the figures and the timezone to an admin", async () => {
    const result = await loader(loaderArgs(as(adminId, "owner@example.com"), "/admin/newsletter?status=pending&q=esi"));
    expect(result.list.rows.map((r) => r.email)).toEqual(["esi@example.com"]);
    expect(result.summary).toMatchObject({ confirmed: 3, pending: 1 });
    expect(result.search).toBe("esi");
  });
});
