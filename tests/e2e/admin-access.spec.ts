import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import fs from "node:fs";
import routes from "../../app/routes";
import { ADMIN_STATE } from "./admin-support";
import { E2E_ADMIN } from "./e2e-accounts";
import { createVerifiedCustomer } from "./support";

/**
 * The admin access matrix, built from the route table itself (app/routes.ts), so a new
 * admin page or resource route cannot be added without being checked here:
 * guest → /auth, customer → / (pages) or 403 (form posts), admin → 200.
 */
interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

function flatten(entries: RouteEntry[], parent = ""): { url: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ url: `/${path}`, file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

/**
 * A route with parameters is asked for with sample values: an order id no order has (so an
 * admin gets the route's own 404, which still proves the role check let them through).
 */
const sampleParams: Record<string, string> = {
  orderId: "00000000-0000-4000-8000-000000000000",
  document: "invoice",
  // A custom request photo nobody sent (the route serves only a request's own photos).
  name: "00000000000000000000000000000000.webp",
  // A backup nobody made (the download answers 404 for it).
  backupId: "999999999",
  // A draft order nobody started (the editor answers 404 for it).
  draftId: "00000000-0000-4000-8000-000000000001",
};
/** A sample a parameterised route has no record of: the admin reaches the route's own 404. */
const isMissingSample = (url: string) =>
  url.includes(sampleParams.orderId!) ||
  url.includes(sampleParams.name!) ||
  url.includes(`/backups/${sampleParams.backupId}/`) ||
  url.includes(sampleParams.draftId!);
const withSampleParams = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => {
    const value = sampleParams[name];
    if (!value) throw new Error(`admin-access.spec.ts: no sample value for the route parameter :${name}`);
    return value;
  });
const adminRoutes = flatten(routes as RouteEntry[])
  .filter((r) => r.url === "/admin" || r.url.startsWith("/admin/"))
  .map((r) => ({ ...r, url: withSampleParams(r.url) }));
// Layout and index share "/admin"; one request checks both.
const adminUrls = [...new Set(adminRoutes.map((r) => r.url))];
/** A resource route (a `.ts` module: a file or JSON, never a page of the admin layout). */
const isResource = (url: string) => adminRoutes.some((r) => r.url === url && r.file.endsWith(".ts"));
// CSV downloads, the private photos, backup files and the logo's JSON are files, not pages.
const pageUrls = adminUrls.filter(
  (url) => !url.endsWith(".csv") && !url.includes(sampleParams.name!) && !url.endsWith("/download") && !isResource(url),
);
/** A printable order document (invoice, packing slip): a page of its own, outside the admin layout. */
const isOrderDocument = (url: string) => adminRoutes.some((r) => r.url === url && r.file.endsWith("order-document.tsx"));
/** The URL's own route module (the index, not the layout, for "/admin") exports an action. */
const hasAction = (url: string) => {
  const own = adminRoutes.filter((r) => r.url === url).at(-1)!;
  return /export (async function|const) action\b/.test(fs.readFileSync(`app/${own.file}`, "utf8"));
};

/**
 * A customer's post to an admin action is refused: 403 from requireAdmin, or, where the page
 * has an error boundary of its own, React Router renders that boundary after the action's
 * 403, the admin layout's loader runs first and sends the customer home (302 to /).
 */
function expectRefused(response: APIResponse) {
  if (response.status() === 302) expect(response.headers().location).toBe("/");
  else expect(response.status()).toBe(403);
}

const customer = { email: `matrix-${Date.now()}@example.com`, password: "customer-pass-1" };

let baseURL: string;
let guest: APIRequestContext;
let customerApi: APIRequestContext;
let adminApi: APIRequestContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ baseURL: base }) => {
  baseURL = base!;
  guest = await playwrightRequest.newContext({ baseURL, maxRedirects: 0 });
  customerApi = await playwrightRequest.newContext({ baseURL, maxRedirects: 0 });
  await createVerifiedCustomer(customerApi, baseURL, customer.email, customer.password);
  // The admin's session from admin-session.setup.ts (signed in through the /auth form).
  adminApi = await playwrightRequest.newContext({ baseURL, maxRedirects: 0, storageState: ADMIN_STATE });
});

test.afterAll(async () => {
  await Promise.all([guest?.dispose(), customerApi?.dispose(), adminApi?.dispose()]);
});

test("the route table has the admin pages and exports the matrix covers", () => {
  expect(pageUrls).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/products",
      "/admin/orders",
      "/admin/customers",
      "/admin/shipping",
      "/admin/settings",
      "/admin/diagnostic",
    ]),
  );
  expect(adminUrls.filter((url) => url.endsWith(".csv")).length).toBeGreaterThanOrEqual(2);
});

for (const url of adminUrls) {
  test(`GET ${url}: guest → /auth, customer → /, admin → 200`, async () => {
    const asGuest = await guest.get(url);
    expect(asGuest.status()).toBe(302);
    expect(asGuest.headers().location).toBe(`/auth?redirectTo=${encodeURIComponent(url)}`);

    const asCustomer = await customerApi.get(url);
    expect(asCustomer.status()).toBe(302);
    expect(asCustomer.headers().location).toBe("/");

    const asAdmin = await adminApi.get(url);
    // The sample order of a parameterised route does not exist: the admin reaches its 404.
    expect(asAdmin.status()).toBe(isMissingSample(url) ? 404 : 200);
  });
}

for (const url of pageUrls) {
  test(`data request ${url}.data: nothing reaches a customer`, async () => {
    const dataUrl = url === "/admin" ? "/admin.data" : `${url}.data`;
    const asCustomer = await customerApi.get(dataUrl);
    const body = await asCustomer.text();
    // An admin page's payload carries the admin's email (layout header). The printable order
    // documents have no admin layout: for the sample order, which does not exist, only an admin
    // reaches its "Order not found". A refusal carries neither.
    const adminMark = isOrderDocument(url) ? "Order not found" : E2E_ADMIN.email;
    expect(body).not.toContain(E2E_ADMIN.email);
    expect(body).not.toContain("Order not found");
    const asAdmin = await adminApi.get(dataUrl);
    expect(await asAdmin.text()).toContain(adminMark);
  });

  test(`POST ${url}: guest → /auth, customer refused (never a change)`, async () => {
    const target = url === "/admin" ? "/admin?index" : url;
    const form = { intent: "anything" };
    const asGuest = await guest.post(target, { form, headers: { Origin: baseURL } });
    const asCustomer = await customerApi.post(target, { form, headers: { Origin: baseURL } });
    if (url.includes(sampleParams.orderId!)) {
      // The printable documents have no action and sit outside the admin layout: a post is
      // refused as a method not allowed (405), for everyone, before anything is read.
      expect([asGuest.status(), asCustomer.status()]).toEqual([405, 405]);
      expect(await asCustomer.text()).not.toContain(E2E_ADMIN.email);
      return;
    }
    expect(asGuest.status()).toBe(302);
    expect(asGuest.headers().location).toMatch(/^\/auth\?redirectTo=/);
    if (hasAction(url)) {
      expectRefused(asCustomer);
    } else {
      // No action to refuse: React Router answers 405 by rendering the page's error, and the
      // admin layout's loader sends a signed-in customer home before anything is shown.
      expect(asCustomer.status()).toBe(302);
      expect(asCustomer.headers().location).toBe("/");
    }
    expect(await asCustomer.text()).not.toContain(E2E_ADMIN.email);
  });
}

test("a customer cannot change a product, an order, a setting or a role", async () => {
  const post = (url: string, form: Record<string, string>) => customerApi.post(url, { form, headers: { Origin: baseURL } });
  const attempts = [
    await post("/admin/products", { intent: "delete", id: "1" }),
    await post("/admin/products", {
      intent: "update",
      id: "1",
      name: "Hacked",
      price: "1.00",
      sizes: "M",
      "variants[0].color": "",
      "variants[0].size": "M",
      "variants[0].stock": "0",
    }),
    // The Import stock dialog's upload, with a real file: Royal Gold S would go to 0.
    await customerApi.post("/admin/products", {
      multipart: {
        intent: "import-stock",
        file: { name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from("SKU,Stock\r\nAHF-KAF-001-ROYAL-GOLD-S,0\r\n") },
      },
      headers: { Origin: baseURL },
    }),
    await post("/admin/orders", { intent: "status", orderId: "00000000-0000-4000-8000-000000000000", status: "cancelled" }),
    await post("/admin/orders", { intent: "payment", orderId: "00000000-0000-4000-8000-000000000000", paymentStatus: "paid" }),
    await post("/admin/settings", { intent: "general", storeName: "Hacked", maintenanceMode: "on" }),
    await post("/admin/settings", { intent: "invite-staff", email: customer.email, role: "owner" }),
    await post("/admin/settings", { intent: "currencies", USD: "5" }),
    await post("/admin/settings", { intent: "back-up-now" }),
    await post("/admin/settings", {
      intent: "backup-schedule",
      backupTime: "04:00",
      backupKeepDaily: "1",
      backupKeepWeekly: "0",
      alertEmail: customer.email,
    }),
    await post("/admin/shipping", { intent: "delete", id: "1" }),
    await post("/admin/diagnostic", { intent: "claim-admin" }),
  ];
  for (const response of attempts) expectRefused(response);
  // The same posts as the admin pages send them (fetchers ask for the .data of the route).
  const fetches = [
    await post("/admin/products.data", { intent: "delete", id: "1" }),
    await post("/admin/orders.data", { intent: "payment", orderId: "00000000-0000-4000-8000-000000000000", paymentStatus: "paid" }),
    await post("/admin/settings.data", { intent: "invite-staff", email: customer.email, role: "owner" }),
    await post("/admin/shipping.data", { intent: "delete", id: "1" }),
  ];
  for (const response of fetches) expect(response.status()).toBe(403);

  // Nothing changed: product 1 is still for sale under its name, the customer is still not an admin.
  const product = await guest.get("/product/1");
  expect(product.status()).toBe(200);
  expect(await product.text()).not.toContain("Hacked");
  const stillCustomer = await customerApi.get("/admin");
  expect(stillCustomer.headers().location).toBe("/");
  const home = await guest.get("/");
  expect(home.status()).toBe(200);
  // Zone 1 (Greater Accra) is still there.
  const rates = (await (await guest.get("/api/shop-rates")).json()) as { zones: { name: string }[] };
  expect(rates.zones.map((zone) => zone.name)).toContain("Greater Accra");
});
