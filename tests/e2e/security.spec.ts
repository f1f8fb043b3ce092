import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-accounts";
import { rawRequest, streamChunkedBody } from "./raw-http";
import { startShop, type Shop } from "./start-shop";
import { emailText, waitForOutboxEmail } from "./support";

/**
 * What a script (not a browser) can send the running shop: forged Host and X-Forwarded-*
 * headers, huge bodies, cache-busting junk. A shop of its own behind a pretend TLS proxy
 * (TRUST_PROXY=1, PUBLIC_URL unset as in the README), so the limits it counts are its own.
 * docs/security.md lists these threats.
 */
test.describe.configure({ mode: "serial" });

let shop: Shop;
/** The address our pretend proxy appends to X-Forwarded-For: the one that counts. */
const PROXY_HOP = "203.0.113.7";

test.beforeAll(async () => {
  // admin:create and the first start each migrate a new database: minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  shop = await startShop({ admin: E2E_ADMIN, env: { TRUST_PROXY: "1" } });
});
test.afterAll(async () => {
  await shop?.remove();
});

const sameOrigin = () => ({ Origin: shop.url });

/** The admin's session cookie, signed in through the auth API. */
async function adminCookie(): Promise<string> {
  const signIn = await rawRequest(`${shop.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { ...sameOrigin(), "Content-Type": "application/json" },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  expect(signIn.status).toBe(200);
  return (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}

test("a forged Host or X-Forwarded-Host never reaches links, cached pages or emails", async () => {
  // Each a page nobody asked for yet, so the forged request is the one that renders it.
  for (const [id, forged] of [
    [1, { Host: "evil.example" }],
    [2, { "X-Forwarded-Host": "evil.example" }],
  ] as const) {
    const page = await rawRequest(`${shop.url}/product/${id}`, { headers: forged });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("evil.example");
    expect(page.body).toContain(`<link rel="canonical" href="${shop.url}/product/${id}"/>`);
    // The next visitor, served from the page cache, sees the shop's own links.
    const next = await rawRequest(`${shop.url}/product/${id}`);
    expect(next.headers["x-cache"]).toBe("HIT");
    expect(next.body).not.toContain("evil.example");
  }

  // An order placed with a forged Host: the customer's email and the staff alert link home.
  const email = `host-${Date.now()}@example.com`;
  const items = JSON.stringify([{ productId: 1, colorIndex: 0, size: "M", quantity: 1 }]);
  const form = new URLSearchParams({
    email,
    name: "Kwame Mensah",
    phone: "+233 24 000 0000",
    address: "12 Oxford Street, Osu, Accra",
    country: "GH",
    region: "GH-AA",
    paymentMethod: "pay_on_delivery",
    items,
    idempotencyKey: `host-header-${Date.now()}-key`,
  });
  const placed = await rawRequest(`${shop.url}/checkout`, {
    method: "POST",
    headers: { Host: "evil.example", Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  expect(placed.status).toBe(200);
  const outbox = `${shop.dataDir}/outbox`;
  const confirmation = emailText(await waitForOutboxEmail(email, "order-confirmation", 15_000, outbox));
  expect(confirmation).toContain(`${shop.url}/order-confirmation/`);
  expect(confirmation).not.toContain("evil.example");
  const alert = emailText(await waitForOutboxEmail(E2E_ADMIN.email, "new-order-alert", 15_000, outbox));
  expect(alert).toContain(`${shop.url}/admin/orders`);
  expect(alert).not.toContain("evil.example");
});

test("bodies are limited by route and counted as they stream in: 413, and nothing is buffered past the limit", async () => {
  const huge = { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024) };
  for (const path of ["/api/newsletter", "/track-order", "/auth", "/admin/products", "/api/auth/sign-in/email"]) {
    // The announced size alone is refused: the server answers before reading a byte of it.
    const refused = await rawRequest(`${shop.url}${path}`, { method: "POST", headers: huge });
    expect(refused.status, path).toBe(413);
    expect(refused.body, path).toContain("too large");
  }
  // Without a Content-Length the body is counted as it arrives: a 100 MB stream is cut off
  // early (what was "sent" includes the few MB the operating system buffers on the way).
  for (const path of ["/api/newsletter", "/admin/products", "/checkout.data"]) {
    const streamed = await streamChunkedBody(`${shop.url}${path}`, 100 * 1024 * 1024, sameOrigin());
    expect(streamed.bytesSent, path).toBeLessThan(20 * 1024 * 1024);
  }
  // A form of normal size still works after all that.
  const tracked = await rawRequest(`${shop.url}/track-order`, {
    method: "POST",
    headers: { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
    body: "orderNumber=ORD-000000&email=nobody%40example.com",
  });
  expect(tracked.status).toBe(404);
  expect((await rawRequest(`${shop.url}/api/health`)).status).toBe(200);
});

test("an admin may upload up to the product form's limit, and no more", async () => {
  const cookie = await adminCookie();
  // 30 MB of pictures is allowed through to the product form (which then judges the form itself).
  const allowed = await streamChunkedBody(`${shop.url}/admin/products`, 30 * 1024 * 1024, { ...sameOrigin(), Cookie: cookie });
  expect(allowed.bytesSent).toBeGreaterThanOrEqual(30 * 1024 * 1024);
  expect(allowed.status).not.toBe(413);
  const over = await streamChunkedBody(`${shop.url}/admin/products`, 150 * 1024 * 1024, { ...sameOrigin(), Cookie: cookie });
  expect(over.bytesSent).toBeLessThan(70 * 1024 * 1024);
});

test("behind the proxy, the address it appended is the one the rate limits count", async () => {
  const track = (forwardedFor: string) =>
    rawRequest(`${shop.url}/track-order`, {
      method: "POST",
      headers: { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwardedFor },
      body: "orderNumber=ORD-999999&email=guess%40example.com",
    });
  // Each guess claims a new address at the front of the header; the proxy's entry is last.
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await track(`10.9.8.${i}, ${PROXY_HOP}`)).status);
  expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
  // Another visitor (another address appended by the proxy) is not held back by the first.
  expect((await track(`10.9.8.1, 198.51.100.23`)).status).toBe(404);
});

test("a client-sent X-Forwarded-Host does not make a foreign form same-origin", async () => {
  const post = (base: string, headers: Record<string, string>) =>
    rawRequest(`${base}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example", ...headers },
      body: "email=csrf%40example.com",
    });
  // Behind a trusted proxy only the value the proxy wrote (the last) counts. (Without one the
  // header is ignored altogether: app/lib/http.server.test.ts; every test shop here trusts one.)
  expect((await post(shop.url, { "X-Forwarded-Host": `evil.example, localhost:${shop.port}` })).status).toBe(403);
});

test("over https behind the proxy, cookies are Secure and pages upgrade insecure requests", async () => {
  const signIn = (headers: Record<string, string>) =>
    rawRequest(`${shop.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { ...sameOrigin(), "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
    });
  const overHttps = await signIn({ "X-Forwarded-Proto": "https" });
  expect(overHttps.status).toBe(200);
  const cookies = overHttps.headers["set-cookie"] ?? [];
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  // Plain http (a local try-out) keeps working without Secure cookies.
  for (const cookie of (await signIn({})).headers["set-cookie"] ?? []) expect(cookie).not.toMatch(/;\s*Secure/i);

  for (let i = 0; i < 2; i++) {
    // Rendered, then served from the page cache: the same policy both times.
    const page = await rawRequest(`${shop.url}/collections/suits`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(page.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  }
  const plain = await rawRequest(`${shop.url}/collections/suits`);
  expect(plain.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
});

test("junk query parameters and unknown cookies neither skip the page cache nor fill it", async () => {
  await expect.poll(async () => (await rawRequest(`${shop.url}/collections/kaftans`)).headers["x-cache"]).toBe("HIT");
  for (const headers of [{}, { Cookie: "ahenfie.anything=1; theme=dark" }] as Record<string, string>[]) {
    const busted = await rawRequest(`${shop.url}/collections/kaftans?nocache=${Math.random()}&utm_source=x`, { headers });
    expect(busted.status).toBe(200);
    expect(busted.headers["x-cache"]).toBe("HIT");
  }
  // Filters the page reads are still told apart.
  const sorted = await rawRequest(`${shop.url}/collections/kaftans?sort=price-asc&junk=1`);
  expect(sorted.headers["x-cache"]).toBe("MISS");
});

test("an admin's change clears the cached pages at once (the server and the app hear the same announcements)", async () => {
  await expect.poll(async () => (await rawRequest(`${shop.url}/about`)).headers["x-cache"]).toBe("HIT");
  // Saving the settings (unchanged) announces a storefront change, as every save does.
  const saved = await rawRequest(`${shop.url}/admin/settings`, {
    method: "POST",
    headers: { ...sameOrigin(), Cookie: await adminCookie(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "general",
      currency: "GHS",
      timezone: "Africa/Accra",
      storeName: "Ahenfie",
      contactEmail: "hello@ahenfie.com",
      contactPhone: "+233 30 277 4410",
      contactAddress: "14 Oxford Street, Osu, Accra",
    }).toString(),
  });
  expect(saved.status).toBe(200);
  expect((await rawRequest(`${shop.url}/about`)).headers["x-cache"]).toBe("MISS");
});

test("personal pages say private, no-store and are never cached, in any spelling", async () => {
  const email = `private-${Date.now()}@example.com`;
  const placed = await rawRequest(`${shop.url}/checkout.data`, {
    method: "POST",
    headers: { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email,
      name: "Ama Owusu",
      phone: "+233 20 000 0000",
      address: "4 Ring Road, Accra",
      country: "GH",
      region: "GH-AA",
      paymentMethod: "pay_on_delivery",
      items: JSON.stringify([{ productId: 2, colorIndex: 0, size: "L", quantity: 1 }]),
      idempotencyKey: `private-pages-${Date.now()}-key`,
    }).toString(),
  });
  expect(placed.status).toBe(200);
  const orderId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(placed.body)?.[0];
  expect(orderId).toBeTruthy();
  for (const path of [`/order-confirmation/${orderId}`, `/ORDER-CONFIRMATION/${orderId}`, `/Order-Confirmation/${orderId}.data`]) {
    for (let i = 0; i < 2; i++) {
      const response = await rawRequest(`${shop.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers["cache-control"], path).toBe("private, no-store");
      expect(response.headers["x-cache"], path).toBeUndefined();
    }
  }
  for (const path of ["/admin", "/admin/orders", "/admin/orders/export.csv", "/ADMIN/settings"]) {
    const response = await rawRequest(`${shop.url}${path}`);
    expect(response.headers["cache-control"], path).toBe("private, no-store");
  }
});
