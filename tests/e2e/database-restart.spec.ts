import { expect, test } from "@playwright/test";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startPrivatePostgres, type PrivatePostgres } from "./private-postgres";
import { startShop, type Shop } from "./start-shop";
import { accraCheckoutForm } from "./support";

/**
 * Faults (issue 41, decision 023): two instances of the shop on a PostgreSQL server of the
 * test's own, under a bounded burst of Pay on Delivery orders, while the server is restarted
 * (fast, then immediate), stopped for a few seconds, and one instance is killed with SIGKILL.
 * Every order a client saw acknowledged is stored exactly once, none is stored that was not
 * sent, shoppers meanwhile get the "back in a moment" 503s, and orders succeed again within
 * seconds of the database's return (the seconds are printed, and bounded only generously).
 * No browser: shoppers are fetch() calls, as the checkout island's would be.
 */

const CLIENTS = 4;
/** What every order of the fault test buys: one piece of a product that has plenty. */
const FAULT_ORDER_ITEMS = JSON.stringify([{ productId: 3, colorIndex: 0, size: "M", quantity: 1 }]);
/** A generous bound for "orders succeed again"; the real seconds are printed. */
const RECOVERY_BOUND_MS = 30_000;
/** How long a client keeps retrying one order (with the same idempotency key) before giving up on it. */
const ORDER_RETRY_MS = 90_000;

test.setTimeout(300_000);

interface SentOrder {
  key: string;
  attempts: number;
  /** The order number of the first acknowledgement. */
  acknowledged?: string;
  /** Every order number an answer for this key named (more than one would be a second order). */
  numbers: Set<string>;
}

interface Figures {
  sent: number;
  acknowledged: number;
  retries: number;
  repeatsChecked: number;
  api503: number;
  page503: number;
  health503: number;
  refusedConnections: number;
  cachedPagesDuringOutage: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("two instances keep every acknowledged order through PostgreSQL restarts and a killed instance", async () => {
  const runId = crypto.randomBytes(3).toString("hex");
  let server: PrivatePostgres | undefined;
  const shops: Shop[] = [];
  try {
    server = await startPrivatePostgres();
    const databaseUrl = await server.createDatabase("shop");
    // One at a time: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) {
      shops.push(await startShop({ database: { url: databaseUrl }, logLevel: "info", env: { TRUST_PROXY: "1" } }));
    }
    const exitedAt: (number | null)[] = [null, null];
    shops.forEach((shop, i) => void shop.exited.then(() => (exitedAt[i] = Date.now())));

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    // Enough stock that nobody runs out: this test is about the database going away, not stock.
    await db.query("update product_variants set stock = 1000000");
    const ordersBefore = Number((await db.query("select count(*) from orders")).rows[0].count);
    await db.end();

    const figures: Figures = {
      sent: 0,
      acknowledged: 0,
      retries: 0,
      repeatsChecked: 0,
      api503: 0,
      page503: 0,
      health503: 0,
      refusedConnections: 0,
      cachedPagesDuringOutage: 0,
    };
    const sent = new Map<string, SentOrder>();
    const unexpected: string[] = [];
    const acks: { at: number; shop: number }[] = [];
    let killed: number | null = null;
    let stopping = false;

    const usable = (i: number) => i !== killed && shops[i]!.running();

    type Outcome =
      { kind: "placed"; orderNumber: string } | { kind: "unavailable" } | { kind: "refused" } | { kind: "other"; detail: string };

    async function postOrder(shopIndex: number, key: string, client: number, n: number): Promise<Outcome> {
      const shop = shops[shopIndex]!;
      const body = accraCheckoutForm({
        email: `fault-${runId}-${client}-${n}@example.com`,
        name: `Fault Buyer ${client}`,
        items: FAULT_ORDER_ITEMS,
        idempotencyKey: key,
      });
      let response: Response;
      try {
        response = await fetch(`${shop.url}/api/checkout`, {
          method: "POST",
          // Each buyer from an address of their own (TRUST_PROXY): per-address limits are not what is tested here.
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: shop.url,
            "X-Forwarded-For": `10.41.${client}.${(n % 250) + 1}`,
          },
          body,
          signal: AbortSignal.timeout(45_000),
        });
      } catch {
        return { kind: "refused" };
      }
      const text = await response.text().catch(() => "");
      if (response.status === 200) {
        const orderNumber = (JSON.parse(text) as { orderNumber?: string }).orderNumber;
        if (orderNumber) return { kind: "placed", orderNumber };
      }
      if (response.status === 503 && response.headers.get("retry-after") && /back in a moment/.test(text)) {
        return { kind: "unavailable" };
      }
      return { kind: "other", detail: `${shop.url} ${response.status}: ${text.slice(0, 300)}` };
    }

    /** Sends one order until it is acknowledged, always with the same idempotency key, as the checkout page does. */
    async function placeUntilAcknowledged(key: string, client: number, n: number): Promise<SentOrder> {
      const order: SentOrder = { key, attempts: 0, numbers: new Set() };
      sent.set(key, order);
      figures.sent++;
      let target = (client + n) % 2;
      const deadline = Date.now() + ORDER_RETRY_MS;
      while (Date.now() < deadline) {
        if (!usable(target)) target = 1 - target;
        const shopIndex = target;
        if (order.attempts > 0) figures.retries++;
        order.attempts++;
        const outcome = await postOrder(shopIndex, key, client, n);
        if (outcome.kind === "placed") {
          order.numbers.add(outcome.orderNumber);
          if (!order.acknowledged) {
            order.acknowledged = outcome.orderNumber;
            figures.acknowledged++;
          }
          acks.push({ at: Date.now(), shop: shopIndex });
          return order;
        }
        if (outcome.kind === "unavailable") figures.api503++;
        if (outcome.kind === "refused") figures.refusedConnections++;
        if (outcome.kind === "other") unexpected.push(outcome.detail);
        // The other instance next time: a shopper's retry may land anywhere behind a balancer.
        target = 1 - target;
        await sleep(outcome.kind === "refused" ? 100 : 300);
      }
      return order;
    }

    async function client(index: number) {
      for (let n = 0; !stopping; n++) {
        const key = `fault-${runId}-${index}-${n}`;
        const order = await placeUntilAcknowledged(key, index, n);
        // Now and then the same order again (a double click, a retry after a lost answer): the same order, never a second.
        if (order.acknowledged && n % 4 === 0) {
          const again = await postOrder(n % 2, key, index, n);
          if (again.kind === "placed") {
            order.numbers.add(again.orderNumber);
            figures.repeatsChecked++;
          }
        }
      }
    }

    /** Shoppers opening pages all along: an uncached page and the health check, on each live instance. */
    const badOutageAnswers: string[] = [];
    async function shoppers() {
      while (!stopping) {
        for (let i = 0; i < shops.length; i++) {
          if (!usable(i)) continue;
          const shop = shops[i]!;
          const page = await fetch(`${shop.url}/checkout`, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
          if (page?.status === 503) {
            const html = await page.text();
            const good =
              Boolean(page.headers.get("retry-after")) &&
              (page.headers.get("content-type") ?? "").startsWith("text/html") &&
              html.includes("back in a moment") &&
              // Self-contained and small: nothing of the app's stylesheet or scripts put into it.
              html.length < 4_000 &&
              !html.includes("<script");
            if (good) figures.page503++;
            else badOutageAnswers.push(`page ${page.headers.get("retry-after")} ${html.slice(0, 200)}`);
          } else if (page && page.status !== 200) badOutageAnswers.push(`page ${page.status}`);
          else await page?.body?.cancel();
          // Readiness says the database is away; liveness (/api/health) never asks it.
          const health = await fetch(`${shop.url}/api/ready`, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
          if (health?.status === 503) {
            const json = (await health.json().catch(() => ({}))) as { error?: string };
            if (health.headers.get("retry-after") && /back in a moment/.test(json.error ?? "")) figures.health503++;
            else badOutageAnswers.push(`health ${JSON.stringify(json)}`);
          } else await health?.body?.cancel();
        }
        await sleep(150);
      }
    }

    /** Seconds from `since` until every live instance acknowledged an order again. */
    async function recoverySeconds(since: number, label: string): Promise<number[]> {
      const seconds: number[] = [];
      for (let i = 0; i < shops.length; i++) {
        if (!usable(i)) continue;
        const deadline = since + RECOVERY_BOUND_MS;
        let ack = acks.find((a) => a.shop === i && a.at >= since);
        while (!ack && Date.now() < deadline) {
          await sleep(100);
          ack = acks.find((a) => a.shop === i && a.at >= since);
        }
        expect(ack, `instance ${i + 1} placed no order within ${RECOVERY_BOUND_MS / 1000} s after ${label}`).toBeTruthy();
        seconds.push(Math.round((ack!.at - since) / 100) / 10);
      }
      return seconds;
    }

    /** Each live instance's storefront-change listener is back on its connection (it logs each LISTEN). */
    const listenerSeconds: number[] = [];
    async function listenersBack(faults: number, since: number) {
      for (let i = 0; i < shops.length; i++) {
        if (!usable(i)) continue;
        await expect
          .poll(() => count(shops[i]!.output(), "listening for storefront changes"), {
            message: `instance ${i + 1}'s storefront change listener did not reconnect`,
            timeout: RECOVERY_BOUND_MS,
            intervals: [100],
          })
          .toBeGreaterThanOrEqual(1 + faults);
        listenerSeconds.push(Math.round((Date.now() - since) / 100) / 10);
      }
    }

    const running = [...Array.from({ length: CLIENTS }, (_, i) => client(i)), shoppers()];
    const report: string[] = [];
    try {
      await sleep(3_000);

      for (const mode of ["fast", "immediate"] as const) {
        const started = Date.now();
        await server.restart(mode);
        const back = Date.now();
        const recovered = await recoverySeconds(back, `restart -m ${mode}`);
        report.push(`restart -m ${mode}: took ${((back - started) / 1000).toFixed(1)} s; orders again after ${recovered.join(" s / ")} s`);
        await listenersBack(mode === "fast" ? 1 : 2, back);
        await sleep(1_000);
      }

      // A longer outage, so shoppers certainly meet it: stopped (as in a crash) for 5 s.
      // The home page, kept in each instance's page cache just before, is still served meanwhile.
      for (const shop of shops) for (let i = 0; i < 2; i++) await (await fetch(`${shop.url}/`)).body?.cancel();
      const stopped = Date.now();
      await server.stop("immediate");
      await sleep(1_500);
      for (const shop of shops) {
        const home = await fetch(`${shop.url}/`);
        await home.body?.cancel();
        if (home.status === 200 && home.headers.get("x-cache") === "HIT") figures.cachedPagesDuringOutage++;
      }
      await sleep(3_500);
      await server.start();
      const back = Date.now();
      const recovered = await recoverySeconds(back, "the 5 s stop");
      report.push(`stopped ${((back - stopped) / 1000).toFixed(1)} s (immediate): orders again after ${recovered.join(" s / ")} s`);
      await listenersBack(3, back);

      // One instance crashes; the other carries on alone.
      await sleep(2_000);
      expect(shops[1]!.running(), `instance 2 died before it was killed:\n${shops[1]!.output().slice(-3000)}`).toBe(true);
      killed = 1;
      const killedAt = Date.now();
      shops[1]!.kill("SIGKILL");
      const afterKill = await recoverySeconds(killedAt, "the SIGKILL");
      report.push(`instance 2 killed (SIGKILL): instance 1 placed an order ${afterKill.join(" s / ")} s later`);
      await sleep(2_000);
    } finally {
      stopping = true;
      await Promise.all(running);
    }

    // What the database holds.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const stored = (
      await check.query<{ idempotency_key: string | null; order_number: string }>(
        "select idempotency_key, order_number from orders where idempotency_key like $1",
        [`fault-${runId}-%`],
      )
    ).rows;
    const ordersAfter = Number((await check.query("select count(*) from orders")).rows[0].count);
    // The email worker carried on by itself: every confirmation due is written (the killed
    // instance's claimed batch, if any, waits for its lease to end and is not counted).
    const dueEmails = async () =>
      Number(
        (
          await check.query(
            "select count(*) from email_outbox where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())",
          )
        ).rows[0].count,
      );
    await expect.poll(dueEmails, { message: "emails still waiting after the outages", timeout: 60_000 }).toBe(0);
    const emailStatuses = (
      await check.query<{ status: string; n: number }>(
        "select status, count(*)::int as n from email_outbox group by status order by status",
      )
    ).rows
      .map((row) => `${row.status} ${row.n}`)
      .join(", ");
    await check.end();

    const storedByKey = new Map<string, string[]>();
    for (const row of stored) storedByKey.set(row.idempotency_key!, [...(storedByKey.get(row.idempotency_key!) ?? []), row.order_number]);
    const acknowledged = [...sent.values()].filter((order) => order.acknowledged);
    const lost = acknowledged.filter(
      (order) => storedByKey.get(order.key)?.length !== 1 || storedByKey.get(order.key)![0] !== order.acknowledged,
    );
    const twice = [...sent.values()].filter((order) => order.numbers.size > 1);
    const unsent = stored.filter((row) => !sent.has(row.idempotency_key!));
    const unacknowledgedStored = [...sent.values()].filter((order) => !order.acknowledged && storedByKey.has(order.key)).length;

    console.log(
      [
        `fault test (run ${runId}), ${CLIENTS} clients on two instances:`,
        ...report.map((line) => `  ${line}`),
        `  orders sent ${figures.sent}, acknowledged ${figures.acknowledged}, stored ${stored.length} (of those not acknowledged: ${unacknowledgedStored})`,
        `  retries with the same key ${figures.retries}, repeats of acknowledged orders checked ${figures.repeatsChecked}`,
        `  503s seen: checkout API ${figures.api503}, pages ${figures.page503}, health ${figures.health503}; refused connections ${figures.refusedConnections}`,
        `  cached home page served during the outage by ${figures.cachedPagesDuringOutage} of 2 instances`,
        `  storefront change listeners back after ${listenerSeconds.join(" s, ")} s; emails none left due (${emailStatuses}; "sending": claimed by the killed instance, back after their lease)`,
        `  outage log lines: ${shops.map((shop, i) => `instance ${i + 1}: ${count(shop.output(), "database unreachable")} down, ${count(shop.output(), "database reachable again")} back`).join("; ")}`,
      ].join("\n"),
    );

    // Both processes lived through every restart; the one not killed lives still.
    expect(exitedAt[1] === null || (killed === 1 && shops[1]!.running() === false), "instance 2 exited on its own").toBe(true);
    expect(shops[0]!.running(), `instance 1 died:\n${shops[0]!.output().slice(-3000)}`).toBe(true);
    expect(shops[0]!.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    // Every acknowledged order stored exactly once, under the number the shopper was told; nothing else.
    expect(lost.map((order) => order.key)).toEqual([]);
    expect(twice.map((order) => `${order.key}: ${[...order.numbers].join(", ")}`)).toEqual([]);
    expect(unsent).toEqual([]);
    expect(ordersAfter - ordersBefore).toBe(stored.length);
    expect(figures.acknowledged).toBeGreaterThan(20);
    // Shoppers met the "back in a moment" answers, and nothing else went wrong.
    expect(unexpected).toEqual([]);
    expect(badOutageAnswers).toEqual([]);
    expect(figures.page503).toBeGreaterThan(0);
    expect(figures.health503).toBeGreaterThan(0);
    expect(figures.api503 + figures.page503).toBeGreaterThan(0);
    expect(figures.cachedPagesDuringOutage).toBe(2);
  } finally {
    // Each instance's log beside the test's results (test-results/), to read what it said.
    for (const [i, shop] of shops.entries())
      await test.info().attach(`instance-${i + 1}.log`, { body: shop.output(), contentType: "text/plain" });
    for (const shop of shops) await shop.remove().catch(() => {});
    await server?.remove();
  }
});

test("the embedded database's folder taken away: back-in-a-moment 503s, no crash, and back by itself", async () => {
  const shop = await startShop();
  const folder = path.join(shop.dataDir, "pglite");
  const away = `${folder}-away`;
  try {
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
    // As a lost volume would: PGlite's `select 1` still answers from memory, but nothing it has
    // not opened yet can be read (PGlite reports 58P01 and keeps running; see decision 023).
    fs.renameSync(folder, away);

    const health = await fetch(`${shop.url}/api/ready`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBeTruthy();
    expect(((await health.json()) as { error: string }).error).toMatch(/back in a moment/);
    // The process itself is alive: nothing should restart it for the database's absence.
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);

    const page = await fetch(`${shop.url}/checkout`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBeTruthy();
    const html = await page.text();
    expect(html).toContain("back in a moment");
    expect(html).not.toContain("<script");
    expect(html.length).toBeLessThan(4_000);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");

    const order = await fetch(`${shop.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
      body: pglOrder("pglite-away-0001-key"),
    });
    expect(order.status).toBe(503);
    expect(((await order.json()) as { error: string }).error).toMatch(/back in a moment/);

    // Still away a few probes later, and still alive.
    await sleep(2_500);
    expect((await fetch(`${shop.url}/checkout`)).status).toBe(503);
    expect(shop.running()).toBe(true);

    fs.renameSync(away, folder);
    const back = Date.now();
    await expect.poll(async () => (await fetch(`${shop.url}/checkout`)).status, { timeout: 30_000, intervals: [100] }).toBe(200);
    const seconds = (Date.now() - back) / 1000;
    // The order the shopper tried during the outage goes through with the same key, once.
    const placed = await fetch(`${shop.url}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url },
      body: pglOrder("pglite-away-0001-key"),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    console.log(`embedded database: folder away 2.5 s+, pages again ${seconds.toFixed(1)} s after it returned`);
    expect(shop.output()).not.toMatch(/Unhandled|uncaught/i);
  } finally {
    if (fs.existsSync(away) && !fs.existsSync(folder)) fs.renameSync(away, folder);
    await shop.remove();
  }
});

function pglOrder(idempotencyKey: string): URLSearchParams {
  return accraCheckoutForm({ email: "pglite-away@example.com", items: FAULT_ORDER_ITEMS, idempotencyKey });
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
