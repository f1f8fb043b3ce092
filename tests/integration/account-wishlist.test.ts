import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { signIn, signUp } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import type { Auth } from "~/modules/auth/auth.server";
import { action, loader } from "~/routes/api/wishlist";
import type { Db } from "~db/client";
import { products } from "~db/schema/catalog";
import { emailOutbox } from "~db/schema/store";
import type { AppLoadContext } from "react-router";
import { createCategory, createProduct } from "../factories/catalog";
import { createTestAuth, TEST_ORIGIN, testLoadContext } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

let ipCounter = 0;
const authHeaders = (cookie?: string) => {
  const headers = new Headers({ origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: `10.88.0.${++ipCounter % 250}`, "user-agent": "vitest" });
  if (cookie) headers.set("cookie", cookie);
  return headers;
};

describeWithDatabase("the account wishlist", (database) => {
  let db: Db;
  let auth: Auth;
  let context: AppLoadContext;
  let productIds: number[];

  beforeAll(async () => {
    db = database.db;
    auth = createTestAuth(db);
    context = testLoadContext(database, { auth });
    const category = await createCategory(db, "kaftans");
    productIds = [];
    for (let i = 0; i < 3; i++) productIds.push((await createProduct(db, { categoryId: category.id })).id);
  });

  /** A verified account signed in on a new "device": its session cookie. */
  async function newAccount(name: string): Promise<{ email: string; session: () => Promise<string> }> {
    const email = `${name}.${Date.now().toString(36)}@example.com`;
    expect((await signUp(auth, authHeaders(), { email, password: "kente-pass-1" })).ok).toBe(true);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    await auth.handler(new Request(/https?:\/\/\S+/.exec(mail!.text)![0], { headers: authHeaders() }));
    const session = async () => {
      const signedIn = await signIn(auth, authHeaders(), { email, password: "kente-pass-1" });
      if (!signedIn.ok) throw new Error("sign-in failed");
      const cookie = signedIn.headers.getSetCookie().find((c) => c.includes("session_token="))!;
      return cookie.split(";")[0]!;
    };
    return { email, session };
  }

  const read = async (cookie?: string) =>
    routeAnswer(loader, { request: new Request(`${TEST_ORIGIN}/api/wishlist`, { headers: cookie ? { cookie } : {} }), context });

  const post = async (cookie: string, form: Record<string, string>) => {
    const request = samePost("/api/wishlist", new URLSearchParams(form));
    request.headers.set("cookie", cookie);
    return routeAnswer(action, { request, context });
  };

  it("a signed-in user's wishlist persists across devices (two sessions)", async () => {
    const abena = await newAccount("abena");
    const phone = await abena.session();
    const laptop = await abena.session();
    expect(phone).not.toBe(laptop);

    expect((await post(phone, { intent: "save", productIds: String(productIds[0]) })).body).toEqual({
      ok: true,
      productIds: [productIds[0]],
    });
    expect((await read(laptop)).body).toEqual({ ok: true, productIds: [productIds[0]] });
    expect((await read(laptop)).headers.get("cache-control")).toBe("private, no-store");

    await post(laptop, { intent: "remove", productId: String(productIds[0]) });
    expect((await read(phone)).body).toEqual({ ok: true, productIds: [] });
  });

  it("merging the device's list is idempotent, keeps its order and takes only active products", async () => {
    const kojo = await newAccount("kojo");
    const device = await kojo.session();
    const [a, b, c] = productIds as [number, number, number];
    await db.update(products).set({ isActive: false }).where(eq(products.id, c));
    try {
      const merged = await post(device, { intent: "save", productIds: `${b},${a},${c},999999` });
      expect(merged.body).toEqual({ ok: true, productIds: [b, a] });
      const again = await post(device, { intent: "save", productIds: `${b},${a},${c}` });
      expect(again.body).toEqual({ ok: true, productIds: [b, a] });
    } finally {
      await db.update(products).set({ isActive: true }).where(eq(products.id, c));
    }
  });

  it("another user's wishlist is never visible, and nobody signed out reads or writes one", async () => {
    const esi = await newAccount("esi");
    const yaw = await newAccount("yaw");
    const esiSession = await esi.session();
    await post(esiSession, { intent: "save", productIds: String(productIds[1]) });
    expect((await read(await yaw.session())).body).toEqual({ ok: true, productIds: [] });

    const signedOut = await read();
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ ok: false });
    const anonymousPost = await routeAnswer(action, {
      request: samePost("/api/wishlist", new URLSearchParams({ intent: "save", productIds: String(productIds[2]) })),
      context,
    });
    expect(anonymousPost.status).toBe(302);
    expect((await read(esiSession)).body).toEqual({ ok: true, productIds: [productIds[1]] });
  });

  it("refuses ids that are not product ids, and posts from another site", async () => {
    const cookie = await (await newAccount("ama")).session();
    expect((await post(cookie, { intent: "save", productIds: "1,abc" })).status).toBe(400);
    expect((await post(cookie, { intent: "remove", productId: "-3" })).status).toBe(400);
    const foreign = new Request(`${TEST_ORIGIN}/api/wishlist`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", productIds: String(productIds[0]) }),
    });
    expect((await routeAnswer(action, { request: foreign, context })).status).toBe(403);
    expect((await read(cookie)).body).toEqual({ ok: true, productIds: [] });
  });
});
