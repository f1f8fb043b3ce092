import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "~db/schema/auth";
import { guardAction } from "~/modules/auth/action-guard.server";
import { signIn, signUp } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { setUserRole } from "~/modules/auth/roles.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { loadConfig } from "~/env.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { createTestDatabase, testDrivers, type TestDatabase } from "../setup/test-database";
import { createTestAuth, testLoadContext } from "../setup/load-context";

/**
 * The one guard in front of every action (docs: method, session, role, origin, input — in that
 * order), through the real Settings action: real Requests, real better-auth sessions on a real
 * database. Each refusal gets its own answer, and nothing is written.
 */
const ORIGIN = "http://localhost:3999";
const silent = { info() {}, warn() {}, error() {} };

describe.each(testDrivers())("the action guard on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let adminCookie: string;
  let customerCookie: string;
  let ip = 0;

  async function account(email: string, role: "owner" | "customer") {
    const auth = context.auth;
    const headers = () => new Headers({ origin: ORIGIN, [CLIENT_IP_HEADER]: `10.0.0.${++ip}` });
    expect((await signUp(auth, headers(), { email, password: "kente-pass-1" })).ok).toBe(true);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signedIn = await signIn(auth, headers(), { email, password: "kente-pass-1" });
    if (!signedIn.ok) throw new Error(signedIn.message.title);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    if (role === "owner") await setUserRole(database.db, user!.id, "owner");
    const line = signedIn.headers.getSetCookie().find((l) => l.startsWith("ahenfie.session_token="))!;
    return line.split(";")[0]!;
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const auth = createTestAuth(database.db, { origin: ORIGIN, log: silent });
    // The shop behind its proxy, as deployed: PUBLIC_URL set and the proxy trusted.
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: ORIGIN, TRUST_PROXY: "1", LOG_LEVEL: "silent" });
    context = testLoadContext(database, { auth, config, log: silent, requestId: "req-guard" });
    adminCookie = await account("owner@example.com", "owner");
    customerCookie = await account("ama@example.com", "customer");
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** A post to /admin/settings as a browser would send it. */
  function post(options: {
    method?: string;
    cookie?: string;
    origin?: string | null;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  }) {
    const headers = new Headers(options.headers);
    if (options.cookie) headers.set("cookie", options.cookie);
    if (options.origin !== null) headers.set("origin", options.origin ?? ORIGIN);
    const method = options.method ?? "POST";
    const body = method === "GET" || method === "HEAD" ? undefined : new URLSearchParams(options.form ?? {});
    return new Request(`${ORIGIN}/admin/settings`, { method, headers, body });
  }

  const general = {
    intent: "general",
    currency: "GHS",
    timezone: "Africa/Accra",
    storeName: "Ahenfie Saved",
    contactEmail: "hello@example.com",
  };

  /** The action's answer, thrown or returned, as { status, headers, body }. */
  async function answer(request: Request) {
    let outcome: unknown;
    try {
      outcome = await settingsAction({ request, context, params: {} } as Parameters<typeof settingsAction>[0]);
    } catch (thrown) {
      outcome = thrown;
    }
    if (outcome instanceof Response) return { status: outcome.status, headers: outcome.headers, body: null as unknown };
    const d = outcome as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
    if (d && typeof d === "object" && "data" in d && "init" in d)
      return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data };
    return { status: 200, headers: new Headers(), body: outcome };
  }

  // What the form saves: unchanged after every refusal, "Ahenfie Saved" once it gets through.
  const storeName = async () => (await getStoreSettings(database.db)).storeName;

  it("1. method: anything but POST is 405 with Allow, before the session is looked at", async () => {
    const before = await storeName();
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const refused = await answer(post({ method, form: general }));
      expect(refused.status).toBe(405);
      expect(refused.headers.get("allow")).toBe("POST");
    }
    expect(await storeName()).toBe(before);
  });

  it("2. session: a guest goes to /auth and back, even from a foreign origin with bad input", async () => {
    const refused = await answer(post({ origin: "https://evil.example", form: { intent: "nonsense" } }));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/settings")}`);
  });

  it("3. role: a customer is refused 403 (Access Denied data) before the origin or input is checked", async () => {
    const before = await storeName();
    const refused = await answer(post({ cookie: customerCookie, origin: "https://evil.example", form: general }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: "You do not have admin privileges.", email: "ama@example.com", role: "customer" });
    expect(await storeName()).toBe(before);
  });

  it("4. origin: an admin's post from another site (or with no Origin) is refused 403 before the input is read", async () => {
    const before = await storeName();
    for (const origin of ["https://evil.example", null]) {
      const refused = await answer(post({ cookie: adminCookie, origin, form: { ...general, storeName: "" } }));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ok: false, message: "This form must be sent from the shop." });
    }
    expect(await storeName()).toBe(before);
  });

  // Issue 41: behind nginx (which passes a client's X-Forwarded-Host through untouched), a foreign
  // Origin with a forged X-Forwarded-Host (or Host) naming it passed the check.
  it("4. origin: behind the proxy only PUBLIC_URL's origin passes, whatever Host or X-Forwarded-Host say", async () => {
    const before = await storeName();
    const forgeries: Record<string, string>[] = [
      { "x-forwarded-host": "evil.example" },
      { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      { host: "evil.example" },
      { host: "evil.example", "x-forwarded-host": "evil.example" },
    ];
    for (const headers of forgeries) {
      const refused = await answer(post({ cookie: adminCookie, origin: "https://evil.example", headers, form: general }));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ok: false, message: "This form must be sent from the shop." });
    }
    expect(await storeName()).toBe(before);
    // The shop's own page, through the same proxy: saved.
    const host = new URL(ORIGIN).host;
    const saved = await answer(post({ cookie: adminCookie, headers: { host, "x-forwarded-host": "evil.example" }, form: general }));
    expect(saved.status).toBe(200);
    expect(await storeName()).toBe("Ahenfie Saved");
  });

  it("5. input: the schema's field errors (400), and an unknown intent (400); nothing saved", async () => {
    const before = await storeName();
    const bad = await answer(post({ cookie: adminCookie, form: { ...general, storeName: " ", contactEmail: "abc" } }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      intent: "general",
      ok: false,
      message: "Please correct the fields marked below.",
      // Conform's result: the form shows each message under its field.
      result: {
        status: "error",
        error: {
          storeName: ["Store name is required"],
          contactEmail: ["Enter a valid contact email, e.g. hello@example.com"],
        },
      },
    });
    const unknown = await answer(post({ cookie: adminCookie, form: { intent: "nonsense" } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ ok: false, message: "Unknown form. Reload the page and try again." });
    expect(await storeName()).toBe(before);
  });

  // Issue 10 item 5: each of these answered 500 (request.formData() threw, or PostgreSQL refused a
  // NUL), and "colors[99999999].name" made Conform build an array that filled the server's memory.
  it("5. input: a body that is not a form is 415, a broken form 400, each with a message; nothing saved", async () => {
    const before = await storeName();
    const send = (contentType: string | null, body: string) => {
      const headers = new Headers({ origin: ORIGIN, cookie: adminCookie });
      if (contentType) headers.set("content-type", contentType);
      return answer(new Request(`${ORIGIN}/admin/settings`, { method: "POST", headers, body }));
    };
    const form = new URLSearchParams(general).toString();
    for (const [contentType, body] of [
      [null, form],
      ["text/plain", form],
      ["application/json", JSON.stringify(general)],
      ["application/xml", "<form/>"],
    ] as const) {
      const refused = await send(contentType, body);
      expect(refused.status, `${contentType}`).toBe(415);
      expect(refused.body).toMatchObject({ ok: false, message: "This request must be sent as a form. Reload the page and try again." });
    }
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
      const refused = await send(contentType, "--x\r\nbroken");
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ ok: false, message: "This form could not be read. Reload the page and try again." });
    }
    expect(await storeName()).toBe(before);
  });

  it("5. input: a control character in any field is 400 with the error under that field; a huge list index is 400", async () => {
    const before = await storeName();
    const nul = await answer(post({ cookie: adminCookie, form: { ...general, storeName: "Ahenfie\u0000" } }));
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({
      intent: "general",
      ok: false,
      result: {
        status: "error",
        error: {
          "": ["Invisible characters", "Remove the invisible control characters (such as NUL) and try again."],
          storeName: ["Remove the invisible control characters from this field."],
        },
      },
    });
    const rows = await answer(post({ cookie: adminCookie, form: { ...general, "colors[99999999].name": "x" } }));
    expect(rows.status).toBe(400);
    expect(rows.body).toMatchObject({
      ok: false,
      result: { status: "error", error: { "": ["This form has more rows than the shop takes. Reload the page and try again."] } },
    });
    expect(await storeName()).toBe(before);
  });

  it("all checks passed: the admin's change is saved", async () => {
    const saved = await answer(post({ cookie: adminCookie, form: general }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ intent: "general", ok: true, message: "Settings saved" });
    expect(await storeName()).toBe("Ahenfie Saved");
  });

  it("by default answers with Conform's submission result; a webhook skips only the origin check", async () => {
    const schema = z.object({ email: z.email("Enter an email") });
    const request = (origin: string, email: string) =>
      new Request(`${ORIGIN}/hook`, { method: "POST", headers: { origin }, body: new URLSearchParams({ email }) });

    const refused = await guardAction({ request: request(ORIGIN, "nope"), context }, { access: "anyone", schema });
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.response).toMatchObject({ init: { status: 400 }, data: { status: "error", error: { email: ["Enter an email"] } } });

    const foreign = await guardAction({ request: request("https://evil.example", "a@example.com"), context }, { access: "anyone", schema });
    expect(foreign).toMatchObject({
      ok: false,
      response: { init: { status: 403 }, data: { error: { "": ["This form must be sent from the shop."] } } },
    });

    const hook = await guardAction(
      { request: request("https://api.paystack.co", "a@example.com"), context },
      { access: "anyone", schema, origin: "skip-for-webhook" },
    );
    expect(hook).toMatchObject({ ok: true, value: { email: "a@example.com" }, viewer: null });
  });
});
