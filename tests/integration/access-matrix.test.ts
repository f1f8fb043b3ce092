import crypto from "node:crypto";
import { securityForms } from "~/modules/auth/two-factor.schema";
import { discountForms } from "~/modules/discounts/discount-action.server";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRoutes } from "../setup/route-table";
import { ADMIN_ROUTES, type AdminRoutePath } from "~/modules/auth/admin-access";
import { can, meets, STAFF_ROLES, type Capability, type Role } from "~/modules/auth/capabilities";
import { setUserRole } from "~/modules/auth/roles.server";
import { productForms } from "~/modules/catalog/product-action.server";
import { diagnosticForms } from "~/modules/diagnostics/diagnostic-forms";
import { orderForms } from "~/modules/orders/order-admin-action.server";
import { logoForms } from "~/modules/settings/store-logo-rules";
import { zoneForms } from "~/modules/shipping/zone-action.server";
import { draftIntents } from "~/modules/staff-orders/draft-form.schema";
import { settingsIntents } from "~/components/admin/settings/settings-result";
import { createUser } from "../factories/users";
import { signedInAs, testLoadContext, TEST_ORIGIN } from "../setup/load-context";
import { routeAnswer, samePost } from "../setup/route-answer";
import { describeWithDatabase } from "../setup/test-database";

/**
 * The access matrix (issue 48, decision 047), generated, never hand-written: every admin route of
 * app/routes.ts (its loader) and every form of every admin page (its intent, from the pages'
 * intent schemas) × every role, plus a guest and a customer, called on the server exactly as
 * React Router calls them. Each cell is allowed or refused as the capability table says:
 *
 *   loaders  allowed: not 403 and not sent away; refused: 403 (staff), redirect home (customer),
 *            redirect to /auth (guest)
 *   actions  allowed: not 403 (the input is empty, so mostly 400); refused: 403, or /auth for a guest
 *
 * A route added to app/routes.ts without a rule in admin-access.ts, an intent added to a page's
 * schema without a rule, or a rule left for something that no longer exists fails here.
 */

type Identity = Role | "guest";
const IDENTITIES: Identity[] = [...STAFF_ROLES, "customer", "guest"];

const LAYOUT_FILE = "routes/admin/layout.tsx";
/** Every admin route but the layout (which only asks for a staff role: checked on its own below). */
const adminRoutes = allRoutes.filter((r) => r.path.split("/")[0] === "admin" && r.file !== LAYOUT_FILE);

/** The admin route modules, found by their files (a new one is picked up without editing this test). */
const routeModules = import.meta.glob<{ loader?: unknown; action?: unknown }>("../../app/routes/admin/*.{ts,tsx}");
const moduleOf = (file: string) => {
  const load = routeModules[`../../app/${file}`];
  if (!load) throw new Error(`No route module for ${file}`);
  return load();
};

/**
 * The forms each admin page posts, from the schemas its action parses: a page with an intent map
 * gives its keys; a page whose one form has no intent names it as its guard does (`form`).
 */
const FORMS: Partial<Record<AdminRoutePath, { names: readonly string[]; query?: Partial<Record<string, string>> }>> = {
  "admin/products": { names: Object.keys(productForms) },
  "admin/orders": { names: Object.keys(orderForms) },
  "admin/orders/drafts": { names: ["new"] },
  "admin/orders/drafts/:draftId": { names: draftIntents },
  "admin/reviews": { names: ["moderate"] },
  "admin/shipping": { names: Object.keys(zoneForms) },
  "admin/settings": { names: settingsIntents },
  "admin/diagnostic": { names: Object.keys(diagnosticForms) },
  "admin/newsletter": { names: ["remove"] },
  // Posted with ?quote: "Write a quote"; without: status and notes.
  "admin/custom-requests": { names: ["update", "quote"], query: { quote: "?quote" } },
  "admin/settings/logo": { names: Object.keys(logoForms) },
  "admin/discounts": { names: Object.keys(discountForms) },
  "admin/security": { names: Object.keys(securityForms) },
};

const PARAMS: Record<string, string> = {
  draftId: crypto.randomUUID(),
  orderId: crypto.randomUUID(),
  document: "invoice",
  name: "no-such-photo.jpg",
  backupId: crypto.randomUUID(),
};

function concrete(routePath: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = routePath
    .split("/")
    .map((part) => {
      if (!part.startsWith(":")) return part;
      const name = part.slice(1);
      params[name] = PARAMS[name] ?? "x";
      return params[name];
    })
    .join("/");
  return { url: `/${url}`, params };
}

describe("the access table against app/routes.ts and the pages' forms", () => {
  it("has a rule for every admin route of app/routes.ts, and none for a route that is gone", () => {
    expect(adminRoutes.length).toBeGreaterThan(15);
    expect(adminRoutes.map((r) => r.path).sort()).toEqual(Object.keys(ADMIN_ROUTES).sort());
  });

  it("has a rule for every form of every admin page that posts, and none for a form that is gone", async () => {
    for (const route of adminRoutes) {
      const module = await moduleOf(route.file);
      const rule = ADMIN_ROUTES[route.path as AdminRoutePath] as { forms?: Record<string, Capability> };
      const forms = FORMS[route.path as AdminRoutePath];
      if (typeof module.action !== "function") {
        expect(rule.forms, `${route.path} posts nothing`).toBeUndefined();
        continue;
      }
      expect(forms, `${route.path} has an action: list its forms in this test's FORMS`).toBeDefined();
      expect(Object.keys(rule.forms ?? {}).sort(), route.path).toEqual([...forms!.names].sort());
    }
  });
});

describeWithDatabase("the access matrix", (database) => {
  const users = new Map<Identity, { id: string; email: string }>();
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-matrix-"));
    for (const identity of IDENTITIES) {
      if (identity === "guest") continue;
      const user = await createUser(database.db, { email: `${identity}@matrix.test` });
      if (identity !== "customer") await setUserRole(database.db, user.id, identity);
      users.set(identity, user);
    }
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  function contextOf(identity: Identity): AppLoadContext {
    const base = testLoadContext(database);
    const user = users.get(identity);
    return testLoadContext(database, {
      config: { ...base.config, dataDir },
      ...(user ? { auth: signedInAs({ ...user, name: identity }) } : {}),
    });
  }
  const cookie = "ahenfie.session_token=matrix";

  /** Allowed: not refused. Refused: 403 for anyone signed in (customers are sent home from pages), /auth for a guest. */
  function expectCell(
    identity: Identity,
    allowed: boolean,
    answer: { status: number; headers: Headers },
    kind: "page" | "form",
    label: string,
  ) {
    const where = answer.headers.get("location");
    if (allowed) {
      expect(answer.status, `${label}: ${identity} is allowed`).not.toBe(403);
      expect(where === "/" || Boolean(where?.startsWith("/auth")), `${label}: ${identity} is not sent away`).toBe(false);
      return;
    }
    if (identity === "guest") {
      expect([301, 302], `${label}: a guest goes to /auth`).toContain(answer.status);
      expect(where, label).toMatch(/^\/auth/);
    } else if (identity === "customer" && kind === "page") {
      expect(answer.status, `${label}: a customer is sent home`).toBe(302);
      expect(where, label).toBe("/");
    } else {
      expect(answer.status, `${label}: ${identity} is refused`).toBe(403);
    }
  }

  const expectedToOpen = (identity: Identity, route: AdminRoutePath) => identity !== "guest" && meets(identity, ADMIN_ROUTES[route].page);

  it("the admin layout opens for every staff role, and for nobody else", async () => {
    const { loader } = await moduleOf(LAYOUT_FILE);
    for (const identity of IDENTITIES) {
      const answer = await routeAnswer(loader as never, {
        request: new Request(`${TEST_ORIGIN}/admin`, { headers: { cookie } }),
        context: contextOf(identity),
      });
      expectCell(identity, identity !== "guest" && identity !== "customer", answer, "page", "layout");
    }
  });

  describe.each(adminRoutes)("page $path", ({ path: routePath, file }) => {
    it.each(IDENTITIES)("loader as %s", async (identity) => {
      const { loader } = await moduleOf(file);
      const { url, params } = concrete(routePath);
      const request = new Request(`${TEST_ORIGIN}${url}`, { headers: { cookie } });
      const answer = await routeAnswer(loader as never, { request, context: contextOf(identity), params });
      expectCell(identity, expectedToOpen(identity, routePath as AdminRoutePath), answer, "page", `GET ${url}`);
    });
  });

  const formCases = adminRoutes.flatMap(({ path: routePath, file }) => {
    const forms = (ADMIN_ROUTES[routePath as AdminRoutePath] as { forms?: Record<string, Capability> }).forms ?? {};
    return Object.entries(forms).map(([form, capability]) => ({ routePath, file, form, capability }));
  });

  it("covers every form of the table", () => {
    expect(formCases.length).toBeGreaterThan(50);
  });

  describe.each(formCases)("form $routePath → $form ($capability)", ({ routePath, file, form, capability }) => {
    it.each(IDENTITIES)("posted as %s", async (identity) => {
      const { action } = await moduleOf(file);
      const { url, params } = concrete(routePath);
      const query = FORMS[routePath as AdminRoutePath]?.query?.[form] ?? "";
      const request = samePost(`${url}${query}`, new URLSearchParams({ intent: form }));
      request.headers.set("cookie", cookie);
      const answer = await routeAnswer(action as never, { request, context: contextOf(identity), params });
      const allowed = identity !== "guest" && can(identity, capability);
      expectCell(identity, allowed, answer, "form", `POST ${url}${query} intent=${form}`);
    });
  });
});
