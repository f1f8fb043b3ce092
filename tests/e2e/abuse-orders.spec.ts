import fs from "node:fs";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startPaystackStandIn, type PaystackStandIn } from "../support/paystack-stand-in";
import { startShop, type Shop } from "./start-shop";
import { addFromProductPage, expectCartCount, gotoHydrated } from "./support";

/**
 * Issue 41, finding 3, replayed against the running shop (on PostgreSQL, with the Paystack
 * stand-in so card orders are real): a script that tries to hold a product's whole stock with
 * unpaid card orders, and one that floods a stranger's inbox with order confirmations, are
 * stopped at the documented limits (docs/product-rules.md §10), while a real shopper on another
 * connection still buys. It prints what it tried, what the shop took and refused, the stock left,
 * the emails to the victim and the server's memory (VmRSS) before and after.
 */
test.describe.configure({ mode: "serial" });

const SECRET = "sk_test_e2eabuseorders0000000000";
const SCRIPT_ADDRESS = "198.51.100.7";
const FLOOD_ADDRESS = "198.51.100.8";
const VICTIM = "victim@example.com";
let paystack: PaystackStandIn;
let shop: Shop;
let db: pg.Client;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
  paystack = await startPaystackStandIn({ secretKey: SECRET });
  shop = await startShop({
    database: "postgres",
    env: {
      TRUST_PROXY: "1",
      PAYSTACK_SECRET_KEY: SECRET,
      PAYSTACK_PUBLIC_KEY: "pk_test_e2eabuseorders000000000",
      PAYSTACK_API_URL: paystack.url,
    },
  });
  db = new pg.Client({ connectionString: shop.databaseUrl });
  await db.connect();
});
test.afterAll(async () => {
  await db?.end();
  await shop?.remove();
  await paystack?.close();
});

/** The server's resident memory, in MB, from /proc (Linux). */
function rssMb(): number {
  const status = fs.readFileSync(`/proc/${shop.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

let sequence = 0;
/** POST /api/checkout as a script does it: same origin, its own client address, JSON back. */
async function placeOrder(o: { email: string; address: string; method: "card" | "pay_on_delivery"; items: object[] }) {
  const body = new URLSearchParams({
    email: o.email,
    name: "Script Kiddie",
    phone: "+233 24 000 0000",
    address: "1 Nowhere Street, Accra",
    region: "GH-AA",
    paymentMethod: o.method,
    items: JSON.stringify(o.items),
    idempotencyKey: `abuse-${Date.now()}-${++sequence}-${Math.random().toString(36).slice(2)}`,
  });
  const response = await fetch(`${shop.url}/api/checkout`, {
    method: "POST",
    headers: {
      Origin: shop.url,
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": o.address,
    },
    body,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("Retry-After"),
    body: (await response.json()) as { ok: boolean; message?: string },
  };
}

/** One stocked variant of product 1 set to `units`, as a cart line reaches it. */
async function stockedLine(units: number) {
  const { rows } = await db.query<{ id: number; color: string; size: string; position: number | null }>(
    `select v.id, v.color, v.size, c.position from product_variants v
       left join product_colors c on c.product_id = v.product_id and c.name = v.color
     where v.product_id = 1 order by v.id limit 1`,
  );
  const variant = rows[0]!;
  await db.query("update product_variants set stock = $1 where id = $2", [units, variant.id]);
  await db.query("update products set is_active = true where id = 1");
  return {
    line: (quantity: number) => ({ productId: 1, colorIndex: variant.position, size: variant.size, quantity }),
    stock: async () =>
      Number((await db.query<{ stock: number }>("select stock from product_variants where id = $1", [variant.id])).rows[0]!.stock),
  };
}

test("a script holding a product's whole stock with unpaid card orders is stopped at 30 pieces per address", async () => {
  const UNITS = 45;
  const variant = await stockedLine(UNITS);
  const rssBefore = rssMb();
  const outcomes: { status: number; message?: string }[] = [];
  // 15 card orders of as much as the shop allows in one line, each with a fresh email, from one address, in bursts of 5.
  for (let burst = 0; burst < 3; burst++) {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        placeOrder({ email: `hoarder${burst * 5 + n}@example.com`, address: SCRIPT_ADDRESS, method: "card", items: [variant.line(10)] }),
      ),
    );
    outcomes.push(...answers.map((a) => ({ status: a.status, message: a.body.message })));
  }
  // The same in one order, and in one line of 45.
  const whole = await placeOrder({
    email: "hoarder.big@example.com",
    address: SCRIPT_ADDRESS,
    method: "card",
    items: [variant.line(UNITS)],
  });
  outcomes.push({ status: whole.status, message: whole.body.message });
  const accepted = outcomes.filter((o) => o.status === 200).length;
  const left = await variant.stock();
  console.log(
    `hoarding: ${outcomes.length} card orders attempted, ${accepted} accepted, ${outcomes.length - accepted} refused ` +
      `(${outcomes.filter((o) => o.status === 429).length} × 429, ${outcomes.filter((o) => o.status === 409).length} × 409); ` +
      `stock ${UNITS} → ${left} still available; server RSS ${rssBefore.toFixed(0)} → ${rssMb().toFixed(0)} MB`,
  );
  expect(accepted).toBe(3);
  expect(left).toBe(UNITS - 30);
  expect(outcomes.find((o) => o.status === 429)?.message).toMatch(/^Too many orders from your connection are waiting for payment\. /);
  expect(whole.status).toBe(409);
  expect(whole.body.message).toMatch(/^You can order up to 10 of .+ at a time\./);

  // A real shopper on another connection still buys what is left.
  const shopper = await placeOrder({ email: "real.shopper@example.com", address: "41.66.1.2", method: "card", items: [variant.line(2)] });
  expect(shopper.status).toBe(200);
  expect(await variant.stock()).toBe(UNITS - 32);
});

test("a script flooding a stranger's inbox with 55 confirmations gets 5 orders through, and the inbox 3 emails a minute", async () => {
  test.setTimeout(180_000);
  const variant = await stockedLine(1_000);
  const rssBefore = rssMb();
  const spellings = [VICTIM, "Victim@example.com", "victim+shop@example.com", "victim+1@example.com"];
  const started = Date.now();
  const answers = [];
  for (let burst = 0; burst < 11; burst++)
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 5 }, (_, n) =>
          placeOrder({
            email: spellings[(burst * 5 + n) % spellings.length]!,
            address: FLOOD_ADDRESS,
            method: "pay_on_delivery",
            items: [variant.line(1)],
          }),
        ),
      )),
    );
  const seconds = (Date.now() - started) / 1000;
  const accepted = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 429);
  const victimEmails = async () =>
    (
      await db.query<{ status: string; due_in: number }>(
        `select status, extract(epoch from next_attempt_at - now())::float as due_in from email_outbox
          where kind = 'order-confirmation' and lower(to_address) like 'victim%@example.com'`,
      )
    ).rows;
  await expect.poll(async () => (await victimEmails()).filter((e) => e.status === "sent").length, { timeout: 20_000 }).toBe(3);
  const queued = await victimEmails();
  console.log(
    `inbox flood: ${answers.length} orders attempted in ${seconds.toFixed(1)} s, ${accepted} accepted, ${refused.length} refused with 429 ` +
      `(Retry-After ${refused[0]?.retryAfter} s); confirmations queued to the victim: ${queued.length}, sent in the first minute: ` +
      `${queued.filter((e) => e.status === "sent").length}, the rest due in ${queued
        .filter((e) => e.status !== "sent")
        .map((e) => `${Math.round(e.due_in)} s`)
        .join(", ")}; server RSS ${rssBefore.toFixed(0)} → ${rssMb().toFixed(0)} MB`,
  );
  expect(accepted).toBe(5);
  expect(refused).toHaveLength(50);
  expect(refused[0]!.body.message).toMatch(/^Several orders have been placed with this email address in the last hour\. /);
  expect(queued).toHaveLength(5);

  // Delayed, not lost: the other two arrive a minute later.
  await expect
    .poll(async () => (await victimEmails()).filter((e) => e.status === "sent").length, { timeout: 100_000, intervals: [5_000] })
    .toBe(5);
  console.log(`inbox flood: all 5 confirmations sent ${((Date.now() - started) / 1000).toFixed(0)} s after the flood began`);
});

test("a shopper refused by a limit reads why under Place Order, and keeps the cart and the form", async ({ browser }) => {
  // The victim's address has had its 5 orders this hour (the flood above): a real person typing it now is refused.
  const context = await browser.newContext({ reducedMotion: "reduce", extraHTTPHeaders: { "X-Forwarded-For": "41.66.20.30" } });
  const page = await context.newPage();
  try {
    await addFromProductPage(page, 2, 2, shop.url);
    await gotoHydrated(page, `${shop.url}/checkout`);
    await page.getByLabel("Email", { exact: true }).fill(VICTIM);
    await page.getByLabel("Full Name", { exact: true }).fill("Victim Mensah");
    await page.getByLabel("Phone", { exact: true }).fill("+233 20 111 2222");
    await page.getByLabel("Delivery Address").fill("4 Oxford Street, Osu\nAccra");
    await page.getByLabel("Region").selectOption("GH-AA");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/checkout"));
    await page.getByRole("button", { name: "Place Order" }).click();
    expect((await answer).status()).toBe(429);
    await expect(
      page
        .getByText(
          /^Several orders have been placed with this email address in the last hour\. Please try again in \d+ minutes, or contact us\. Your cart is kept\.$/,
        )
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expectCartCount(page, 2);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(VICTIM);
    // Still there after a reload (the cart lives in the browser's storage).
    await gotoHydrated(page, `${shop.url}/checkout`);
    await expectCartCount(page, 2);
  } finally {
    await context.close();
  }
});
