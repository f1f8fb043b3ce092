import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createElement as h } from "react";
import { Outlet } from "react-router";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { SESSION_SETTINGS } from "~/modules/auth/auth.server";
import { setUserRole } from "~/modules/auth/roles.server";
import { getStoreSettings, saveStoreSettings } from "~/modules/settings/settings.server";
import * as viewerRoute from "~/routes/api/viewer";
import { sessions, users } from "~db/schema/auth";
import { createShopHttp } from "../../server/http";
import { createLogger } from "../../server/logger";
import { shopHttpServices } from "../setup/shop-http-services";
import { smallServerBuild } from "../setup/small-server-build";
import { describeWithDatabase } from "../setup/test-database";

const SECRET = "test-secret-that-is-long-enough-0123456789";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The header's GET /api/viewer answered by the shop's own Node server (server/index.ts's
 * listener): the everyday cases by the http layer (server/viewer-listener.ts), with exactly the
 * route's answer, and every other case by the route itself through the app.
 */
describeWithDatabase("the header's viewer answered at the http layer", (database) => {
  let server: http.Server | undefined;
  /** Requests the app (Hono and React Router) answered. */
  let appAnswered: string[];
  let origin: string;

  beforeEach(async () => {
    appAnswered = [];
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://shop.test", LOG_LEVEL: "silent" });
    const logger = createLogger("silent");
    const build = smallServerBuild([
      { id: "root", path: "", module: { default: () => h("html", null, h("body", null, h(Outlet))) } },
      { id: "viewer", parentId: "root", path: "api/viewer", module: { loader: viewerRoute.loader } },
    ]);
    const { app, answerBeforeApp } = createShopHttp({
      services: shopHttpServices(database, config, logger),
      logger,
      build,
      mode: "production",
    });
    const appListener = getRequestListener(app.fetch);
    const toApp = (request: http.IncomingMessage, response: http.ServerResponse) => {
      appAnswered.push(request.url!);
      void appListener(request, response);
    };
    server = http.createServer((request, response) => {
      if (!answerBeforeApp(request, response, () => toApp(request, response))) toApp(request, response);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The shop is known to be open: its settings were read a moment ago, maintenance off.
    await saveStoreSettings(database.db, { maintenanceMode: false });
    await getStoreSettings(database.db);
  });
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server?.closeAllConnections();
  });

  /** A shopper with a session as better-auth makes one, and its signed cookie. */
  async function signedInShopper(email: string, sessionUpdatedAt = new Date()) {
    const id = crypto.randomUUID();
    await database.db.insert(users).values({ id, name: "Kwame Mensah", email, emailVerified: true });
    const token = crypto.randomBytes(24).toString("base64url");
    await database.db.insert(sessions).values({
      id: crypto.randomUUID(),
      token,
      userId: id,
      expiresAt: new Date(sessionUpdatedAt.getTime() + SESSION_SETTINGS.expiresInSeconds * 1000),
      createdAt: sessionUpdatedAt,
      updatedAt: sessionUpdatedAt,
    });
    const signature = crypto.createHmac("sha256", SECRET).update(token).digest("base64");
    return { id, cookie: `theme=dark; ahenfie.session_token=${encodeURIComponent(`${token}.${signature}`)}` };
  }

  const askViewer = (cookie?: string) => fetch(`${origin}/api/viewer`, { headers: cookie ? { cookie } : {} });

  /** What the route itself answers (through the app), for comparison. */
  const routeAnswer = async (cookie?: string) => {
    const response = await fetch(`${origin}/api/viewer?via=app`, { headers: cookie ? { cookie } : {} });
    return { body: await response.text(), headers: Object.fromEntries([...response.headers].filter(([name]) => !IGNORED.has(name))) };
  };
  const IGNORED = new Set(["date", "x-request-id", "connection", "keep-alive"]);

  it("a signed-in shopper: the route's own answer, read in one query, without the app", async () => {
    const shopper = await signedInShopper(`kwame.${Date.now()}@example.com`);
    const response = await askViewer(shopper.cookie);
    expect(await response.json()).toEqual({ viewer: { email: expect.stringMatching(/^kwame\./), isAdmin: false } });
    expect(appAnswered).toEqual([]);
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !IGNORED.has(name)));
    const viaApp = await routeAnswer(shopper.cookie);
    expect(appAnswered).toEqual(["/api/viewer?via=app"]);
    expect(headers).toEqual(viaApp.headers);
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    // Made staff a moment ago: their next page's header shows the admin's menu.
    await setUserRole(database.db, shopper.id, "manager");
    expect(await (await askViewer(shopper.cookie)).json()).toMatchObject({ viewer: { isAdmin: true } });
  });

  it("nobody signed in: no viewer, the route's headers, without the app", async () => {
    const response = await askViewer("theme=dark");
    expect(await response.text()).toBe('{"viewer":null}');
    expect(appAnswered).toEqual([]);
    expect(Object.fromEntries([...response.headers].filter(([name]) => !IGNORED.has(name)))).toEqual((await routeAnswer()).headers);
  });

  it("a forged cookie, an expired session and one due for renewal go on to better-auth", async () => {
    const forged = await signedInShopper(`forged.${Date.now()}@example.com`);
    const response = await askViewer(forged.cookie.slice(0, -6) + "AAAA%3D");
    expect(await response.json()).toEqual({ viewer: null });
    expect(appAnswered).toEqual(["/api/viewer"]);

    const expired = await signedInShopper(`expired.${Date.now()}@example.com`);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    const cleared = await askViewer(expired.cookie);
    expect(await cleared.json()).toEqual({ viewer: null });
    expect(cleared.headers.getSetCookie().join("\n")).toMatch(/ahenfie\.session_token=;.*Max-Age=0/i);

    // Last extended two days ago: better-auth extends it and sends the cookie again.
    const due = await signedInShopper(`due.${Date.now()}@example.com`, new Date(Date.now() - 2 * DAY_MS));
    const renewed = await askViewer(due.cookie);
    expect(await renewed.json()).toMatchObject({ viewer: { isAdmin: false } });
    expect(renewed.headers.getSetCookie().join("\n")).toMatch(new RegExp(`Max-Age=${SESSION_SETTINGS.expiresInSeconds}`));
    expect(appAnswered).toEqual(["/api/viewer", "/api/viewer", "/api/viewer"]);
  });

  it("while the shop is closed for maintenance, the route answers", async () => {
    const shopper = await signedInShopper(`closed.${Date.now()}@example.com`);
    await saveStoreSettings(database.db, { maintenanceMode: true });
    await getStoreSettings(database.db);
    await askViewer(shopper.cookie);
    await askViewer();
    expect(appAnswered).toEqual(["/api/viewer", "/api/viewer"]);
  });
});
