import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-accounts";
import { rawRequest } from "./raw-http";
import { startShop, type Shop } from "./start-shop";

/**
 * Issue 41, finding 5: maintenance mode decides on the path the router matches (percent-decoded)
 * and refuses every closed resource, not only the ones it names; pages show the maintenance page.
 * A shop of its own, closed by its admin through the settings form.
 */
let shop: Shop;
test.beforeAll(async () => {
  // A shop of its own starts in 20-60 s on a busy machine.
  test.setTimeout(150_000);
  shop = await startShop({ admin: E2E_ADMIN });
  const signIn = await rawRequest(`${shop.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { Origin: shop.url, "Content-Type": "application/json" },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const form = new URLSearchParams({
    intent: "general",
    currency: "GHS",
    timezone: "Africa/Accra",
    maintenanceMode: "on",
    storeName: "Ahenfie",
    contactEmail: "hello@example.com",
  });
  const saved = await rawRequest(`${shop.url}/admin/settings`, {
    method: "POST",
    headers: { Origin: shop.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  expect(saved.status).toBeLessThan(400);
  expect((await fetch(`${shop.url}/`)).status).toBe(503);
});
test.afterAll(async () => {
  await shop?.remove();
});

test("percent-encoded paths and every resource route are closed while the shop is in maintenance", async () => {
  const closed = [
    "/api/products/1",
    "/%61pi/products/1",
    "/%61%70%69/products?ids=1",
    "/API/products/1",
    "/%73itemap.xml",
    "/sitemap.xml",
    "/robots.txt",
    "/api/collections/kaftans",
    "/api/search-suggestions?q=kente",
    "/api/shop-rates",
    "/%E0%A4%A",
  ];
  for (const path of closed) {
    const response = await rawRequest(`${shop.url}${path}`);
    expect(response.status, path).toBe(503);
    expect(response.body, path).toContain("The shop is closed for maintenance");
    expect(response.body, path).not.toMatch(/"price"|<loc>|Kaftan/i);
  }
  // Pages, encoded or not, answer with the maintenance page.
  for (const path of ["/", "/product/1", "/%70roduct/1", "/collections/%6Baftans"]) {
    const response = await rawRequest(`${shop.url}${path}`);
    expect(response.status, path).toBe(503);
    expect(response.body, path).toContain("We are refitting the shop");
  }
  // What the admin and a load balancer need stays open.
  expect((await rawRequest(`${shop.url}/api/health`)).status).toBe(200);
  expect((await rawRequest(`${shop.url}/auth`)).status).toBe(200);
  // An encoded slash is not a way into the open admin prefix.
  expect((await rawRequest(`${shop.url}/admin%2F..%2Fapi/products/1`)).status).toBe(503);
});
