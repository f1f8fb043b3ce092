import { expect, test } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { E2E_ADMIN } from "./e2e-accounts";
import { generateFuzzRequests, PLACEHOLDER, type FuzzRequest, type Role } from "./fuzz-requests";
import { startShop, type Shop } from "./start-shop";
import { linkInEmail } from "./support";

/**
 * Issue 10 item 5: malformed requests to every route of app/routes.ts (tests/e2e/fuzz-requests.ts)
 * against the production server, on the embedded database and on PostgreSQL, as a guest, a
 * signed-in customer, an admin and a visitor with a stale session cookie. Any 5xx, or a request
 * left unanswered, fails the test and is printed with everything needed to send it again.
 *
 *   FUZZ_SEED=<n>   another seeded list (the default is fixed, so CI sends the same list each run)
 *   FUZZ_ONLY=<ids> send only these requests of the list (comma-separated ids from a failure)
 *
 * Each request carries its own X-Forwarded-For (the shop runs with TRUST_PROXY=1), so the
 * per-address rate limits let the requests reach the handlers; one in eight shares one address,
 * so the limits' own 429 answers are exercised too.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const ONLY = process.env.FUZZ_ONLY ? new Set(process.env.FUZZ_ONLY.split(",").map(Number)) : null;
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 20_000;

const customer = { email: "fuzz-customer@example.com", password: "kente-customer-1" };

interface Outcome {
  request: FuzzRequest;
  status: number | null;
  error?: string;
  excerpt: string;
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Signs the admin in through the /auth form, once: the session's cookie is reused for every request. */
async function signInAdmin(shop: Shop): Promise<string> {
  const response = await fetch(`${shop.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
    body: new URLSearchParams({ intent: "signIn", email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  const cookie = cookiesOf(response);
  expect(cookie, `admin sign-in answered ${response.status}`).toContain("session_token");
  return cookie;
}

/** A verified customer: signs up through /auth and follows the link from the shop's outbox. */
async function signUpCustomer(shop: Shop): Promise<string> {
  const signUp = await fetch(`${shop.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
    body: new URLSearchParams({ intent: "signUp", email: customer.email, password: customer.password, confirmPassword: customer.password }),
  });
  expect(signUp.status, await signUp.text()).toBe(200);
  const outbox = path.join(shop.dataDir, "outbox");
  let raw: string | undefined;
  await expect
    .poll(
      () => {
        const file = fs.existsSync(outbox)
          ? fs.readdirSync(outbox).find((f) => f.includes("-verify-email-") && f.endsWith(`${customer.email}.eml`))
          : undefined;
        raw = file && fs.readFileSync(path.join(outbox, file), "utf8");
        return Boolean(raw);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const verified = await fetch(linkInEmail(raw!, "/api/auth/verify-email"), { redirect: "manual" });
  const cookie = cookiesOf(verified);
  expect(cookie, `verification answered ${verified.status}`).toContain("session_token");
  return cookie;
}

/** One guest order, so order ids and numbers in the list name a real order. */
async function placeOrder(shop: Shop): Promise<{ orderId: string; orderNumber: string }> {
  const response = await fetch(`${shop.url}/checkout.data`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
    body: new URLSearchParams({
      email: customer.email,
      name: "Ama Mensah",
      phone: "+233 20 000 0000",
      address: "14 Oxford Street, Osu, Accra",
      country: "GH",
      region: "GH-AA",
      paymentMethod: "pay_on_delivery",
      items: JSON.stringify([{ productId: 3, colorIndex: 0, size: "M", quantity: 1 }]),
      idempotencyKey: `fuzz-setup-${Date.now()}`,
    }),
  });
  const text = await response.text();
  const orderId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(text)?.[0];
  const orderNumber = /ORD-\d{6}/.exec(text)?.[0];
  expect(orderId && orderNumber, `checkout answered ${response.status}: ${text.slice(0, 300)}`).toBeTruthy();
  return { orderId: orderId!, orderNumber: orderNumber! };
}

/** A request as a line a person can read and send again. */
function describe(outcome: Outcome): string {
  const { request } = outcome;
  const body =
    request.body === undefined
      ? "(no body)"
      : typeof request.body === "string"
        ? `${request.body.length} chars: ${JSON.stringify(request.body.slice(0, 300))}${request.body.length > 300 ? "…" : ""}`
        : `${request.body.length} bytes: [${[...request.body.slice(0, 40)].join(",")}]`;
  return [
    `#${request.id} as ${request.role}: ${request.method} ${request.path.slice(0, 300)}${request.path.length > 300 ? "…" : ""}`,
    `  note: ${request.note}`,
    `  headers: ${JSON.stringify(request.headers)}`,
    `  body: ${body}`,
    `  answer: ${outcome.status ?? outcome.error} ${JSON.stringify(outcome.excerpt.slice(0, 400))}`,
  ].join("\n");
}

async function send(shop: Shop, request: FuzzRequest, cookies: Record<Role, string>, values: Record<string, string>): Promise<Outcome> {
  const fillIn = (text: string) =>
    text
      .replaceAll(PLACEHOLDER.orderId, values.orderId!)
      .replaceAll(PLACEHOLDER.orderNumber, values.orderNumber!)
      .replaceAll(PLACEHOLDER.unique, `${SEED}-${request.id}`);
  const headers = new Headers({ Origin: shop.url });
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === "") headers.delete(name);
    else headers.set(name, value);
  }
  if (cookies[request.role] && !headers.has("Cookie")) headers.set("Cookie", cookies[request.role]);
  // Its own client address, so per-address rate limits do not stop the list; one in eight shares one.
  const address = request.id % 8 === 0 ? 0xffffff : request.id;
  headers.set("X-Forwarded-For", `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`);
  const body = typeof request.body === "string" ? fillIn(request.body) : request.body;
  try {
    const response = await fetch(shop.url + fillIn(request.path), {
      method: request.method,
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return { request, status: response.status, excerpt: response.status >= 500 ? text : "" };
  } catch (error) {
    return { request, status: null, error: String(error), excerpt: "" };
  }
}

for (const database of ["pglite", "postgres"] as const) {
  test.describe(`fuzz on ${database}`, () => {
    test.skip(
      database === "postgres" && !process.env.TEST_DATABASE_URL,
      "TEST_DATABASE_URL is not set: no PostgreSQL server to create this shop's database on (CI sets it)",
    );

    test(`malformed requests to every route and action never answer 5xx (${database})`, async () => {
      const testInfo = test.info();
      test.setTimeout(600_000);
      const list = generateFuzzRequests({ seed: SEED, valuesPerField: 5 }).filter((r) => !ONLY || ONLY.has(r.id));
      if (!ONLY) expect(list.length).toBeGreaterThanOrEqual(2_000);

      const shop = await startShop({ database, admin: E2E_ADMIN, env: { TRUST_PROXY: "1" } });
      try {
        const cookies: Record<Role, string> = {
          guest: "",
          stale: "ahenfie.session_token=stale.c2lnbmF0dXJl",
          admin: await signInAdmin(shop),
          customer: await signUpCustomer(shop),
        };
        const values = await placeOrder(shop);

        const started = performance.now();
        const outcomes: Outcome[] = [];
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < list.length) {
              const request = list[next++]!;
              outcomes.push(await send(shop, request, cookies, values));
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;

        /** "200×962, 302×274, …" for some of the outcomes. */
        const histogram = (some: Outcome[]) => {
          const counts = new Map<string, number>();
          for (const o of some) counts.set(String(o.status ?? "none"), (counts.get(String(o.status ?? "none")) ?? 0) + 1);
          return [...counts]
            .sort()
            .map(([status, n]) => `${status}×${n}`)
            .join(", ");
        };
        const failures = outcomes.filter((o) => o.status === null || o.status >= 500).sort((a, b) => a.request.id - b.request.id);
        const summary = [
          `fuzz on ${database}: ${outcomes.length} requests in ${seconds.toFixed(1)} s (seed ${SEED}, ${CONCURRENCY} at a time)`,
          `  by status: ${histogram(outcomes)}`,
          ...(["guest", "stale", "customer", "admin"] as const).map((role) => {
            const mine = outcomes.filter((o) => o.request.role === role);
            return `  as ${role} (${mine.length}): ${histogram(mine)}`;
          }),
          `  5xx or no answer: ${failures.length}`,
        ].join("\n");
        console.info(summary);
        await testInfo.attach("fuzz-summary", { body: summary, contentType: "text/plain" });

        const report = failures.map(describe).join("\n\n");
        if (failures.length) {
          console.error(
            `${failures.length} requests answered 5xx or not at all (FUZZ_SEED=${SEED} FUZZ_ONLY=${failures.map((f) => f.request.id).join(",")}):\n\n${report}`,
          );
          console.error(`The server's last words:\n${shop.output().slice(-8_000)}`);
          await testInfo.attach("fuzz-failures", { body: report, contentType: "text/plain" });
        }
        expect(failures.length, `5xx answers (see the list above):\n${report.slice(0, 20_000)}`).toBe(0);

        // The roles were what they claim to the end: the sessions the list used still work.
        for (const [role, email] of [
          ["admin", E2E_ADMIN.email],
          ["customer", customer.email],
        ] as const) {
          const page = await fetch(`${shop.url}/auth-test`, { headers: { Cookie: cookies[role] } });
          expect(await page.text(), `the ${role}'s session outlived the fuzzing`).toContain(email);
        }
      } finally {
        await shop.remove();
      }
    });
  });
}
